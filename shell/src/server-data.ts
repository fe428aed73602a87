/** The element of a server-rendered page that carries its data (JSON, never run). */
export const SERVER_DATA_ID = 'btls-data';
