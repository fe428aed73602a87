import { describe, expect, it } from 'vitest';
import { certificateCodeOf } from '../src/certificates/code';

const CODE = 'BTLS-7K3M-Q9XZ-4TPA-R2VD';

describe('a certificate code as people write it', () => {
  it('reads the code as printed, in lower case, with spaces or without dashes', () => {
    expect(certificateCodeOf(CODE)).toBe(CODE);
    expect(certificateCodeOf('  btls-7k3m-q9xz-4tpa-r2vd ')).toBe(CODE);
    expect(certificateCodeOf('BTLS 7K3M Q9XZ 4TPA R2VD')).toBe(CODE);
    expect(certificateCodeOf('btls7k3mq9xz4tpar2vd')).toBe(CODE);
    expect(certificateCodeOf('7K3M-Q9XZ-4TPA-R2VD')).toBe(CODE);
  });

  it("reads the QR's address, and the address of the page's own form", () => {
    expect(certificateCodeOf(`https://btls.example/verify/${CODE}`)).toBe(CODE);
    expect(certificateCodeOf(`http://localhost:8080/verify/${encodeURIComponent(CODE)}?utm=x#top`)).toBe(CODE);
    expect(certificateCodeOf(`https://btls.example/verify?code=btls+7k3m+q9xz+4tpa+r2vd`)).toBe(CODE);
  });

  it('takes the look-alikes a copied code may have for the digits they stand for', () => {
    expect(certificateCodeOf('BTLS-7K3M-Q9XZ-4TPA-R2VO')).toBe('BTLS-7K3M-Q9XZ-4TPA-R2V0');
    expect(certificateCodeOf('BTLS-7K3M-Q9XZ-4TPA-R2VI')).toBe('BTLS-7K3M-Q9XZ-4TPA-R2V1');
    expect(certificateCodeOf('BTLS-7K3M-Q9XZ-4TPA-R2VL')).toBe('BTLS-7K3M-Q9XZ-4TPA-R2V1');
  });

  it('answers null for what cannot be a code', () => {
    for (const text of [
      '',
      '   ',
      'BTLS',
      'BTLS-7K3M-Q9XZ-4TPA',
      'BTLS-7K3M-Q9XZ-4TPA-R2VD-1',
      'BTLS-7K3M-Q9XZ-4TPA-R2VU',
      'https://btls.example/jobs',
    ])
      expect(certificateCodeOf(text)).toBeNull();
  });
});
