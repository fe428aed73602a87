/** The site's cookies, read and written by the kernel (plain functions, no state): here for the server's imports. */
export { cookieValue, setSiteCookie } from '@btls/kernel/cookies';
