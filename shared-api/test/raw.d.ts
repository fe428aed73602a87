/** A file's text, imported with Vite's ?raw (tests only). */
declare module '*?raw' {
  const text: string;
  export default text;
}
