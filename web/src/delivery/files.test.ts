import { describe, expect, it } from 'vitest';
import { TRACKING_UPLOAD_MAX_BYTES } from '@portal/contracts';
import { formatBytes } from '../core/files';
import { toUploadBody, uploadProblem } from './files';

describe('uploads of documents and PODs (spec §5)', () => {
  it('accepts PDF, JPEG and PNG up to the limit', () => {
    expect(uploadProblem({ name: 'bl.pdf', size: 1000, type: 'application/pdf' })).toBeNull();
    expect(uploadProblem({ name: 'photo.JPG', size: 1000, type: 'image/jpeg' })).toBeNull();
    expect(uploadProblem({ name: 'signature.png', size: TRACKING_UPLOAD_MAX_BYTES, type: 'image/png' })).toBeNull();
    expect(uploadProblem({ name: 'scan.jpeg', size: 1000, type: '' })).toBeNull();
  });
  it('refuses other types, a name that lies about its type, and files over the limit', () => {
    expect(
      uploadProblem({ name: 'notes.docx', size: 1000, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    ).toBe('fileType');
    expect(uploadProblem({ name: 'anim.gif', size: 1000, type: 'image/gif' })).toBe('fileType');
    expect(uploadProblem({ name: 'bl.png', size: 1000, type: 'application/pdf' })).toBe('fileType');
    expect(uploadProblem({ name: 'big.pdf', size: TRACKING_UPLOAD_MAX_BYTES + 1, type: 'application/pdf' })).toBe('fileTooLarge');
  });
  it('sends the bytes as base64 with the file name', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 256);
    const body = await toUploadBody(new File([bytes], 'pod.png', { type: 'image/png' }));
    expect(body.name).toBe('pod.png');
    expect(Buffer.from(body.contentBase64, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('document list', () => {
  it('shows sizes in the user’s language', () => {
    expect(formatBytes(null, 'fr')).toBe('');
    expect(formatBytes(850, 'en')).toMatch(/^850\s?(byte|B)/);
    expect(formatBytes(46_000, 'fr')).toMatch(/^45\s?ko$/);
    expect(formatBytes(TRACKING_UPLOAD_MAX_BYTES, 'fr')).toMatch(/^3\s?Mo$/);
    expect(formatBytes(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
  });
});
