/**
 * What a CV is, by its bytes (never by its name or the type the browser claims): a PDF, a Word document (.docx:
 * a ZIP holding `word/document.xml`; .doc: an OLE compound file holding a `WordDocument` stream) or a photo
 * (JPEG, PNG). Anything else — a program renamed .pdf, a spreadsheet, a ZIP of something else — is refused.
 *
 * Photos are kept as they were sent, not turned into a PDF: the employer's phone opens a JPEG or PNG as readily
 * as a PDF, converting would hold a decoded image of several megabytes in the server's memory for each upload,
 * and Word files reach the employer as Word files anyway, so the download names each kind by its own extension.
 */
export interface CvKind {
  extension: 'pdf' | 'docx' | 'doc' | 'jpg' | 'png';
  contentType: string;
}

const PDF = Buffer.from('%PDF-');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// A .docx names its main part in the ZIP's entries (stored uncompressed, in the local and central headers).
const DOCX_PART = Buffer.from('word/document.xml');
const LOCAL_HEADER = 0x04034b50;
// A .doc's directory names its streams in UTF-16; a Word document's main one is `WordDocument`.
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

const startsWith = (bytes: Buffer, head: Buffer) =>
  bytes.length >= head.length && bytes.subarray(0, head.length).equals(head);

export function cvKindOf(bytes: Buffer): CvKind | undefined {
  if (startsWith(bytes, PDF)) return { extension: 'pdf', contentType: 'application/pdf' };
  if (startsWith(bytes, JPEG)) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, PNG)) return { extension: 'png', contentType: 'image/png' };
  if (startsWith(bytes, ZIP) && hasZipEntry(bytes, DOCX_PART))
    return {
      extension: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
  if (startsWith(bytes, OLE) && hasOleStream(bytes, WORD_STREAM))
    return { extension: 'doc', contentType: 'application/msword' };
  return undefined;
}

/**
 * Whether an entry of the ZIP is named `name` exactly: the name stands where a local header puts it (30 bytes
 * after the header's signature, with its length in the header). The name's bytes elsewhere (a comment, the
 * end of another entry's name, a zipped file's contents) make no Word document of a ZIP of something else.
 */
function hasZipEntry(bytes: Buffer, name: Buffer): boolean {
  for (let at = bytes.indexOf(name); at !== -1; at = bytes.indexOf(name, at + 1)) {
    if (at >= 30 && bytes.readUInt32LE(at - 30) === LOCAL_HEADER && bytes.readUInt16LE(at - 4) === name.length)
      return true;
  }
  return false;
}

/**
 * Whether the compound file's directory names a stream `name` (UTF-16) exactly: a directory entry is 128 bytes in
 * a sector after the 512-byte header (so at a multiple of 128), its name's length with the terminator at 64 and
 * its type at 66 (2, a stream). The name's bytes in a stream's contents (a spreadsheet's text) are no Word stream.
 */
function hasOleStream(bytes: Buffer, name: Buffer): boolean {
  for (let at = bytes.indexOf(name); at !== -1; at = bytes.indexOf(name, at + 1)) {
    if (at >= 512 && at % 128 === 0 && at + 67 <= bytes.length) {
      if (bytes.readUInt16LE(at + 64) === name.length + 2 && bytes[at + 66] === 2) return true;
    }
  }
  return false;
}
