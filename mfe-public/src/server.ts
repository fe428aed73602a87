/**
 * The public area's server build (dist/server/render.cjs): the same routes component the browser loads, and
 * what the server needs to send the page's own chunks with the first HTML.
 */
export { default, loadMessages, pageModuleFor } from './expose';
