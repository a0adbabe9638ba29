import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api';
import { previewDocument, templateFaultOf } from './model';

describe('template previews', () => {
  it('reads where a template fails from templateLoadingFailure', () => {
    const error = new ApiError(422, 'templateLoadingFailure', 'x', { where: 'body', line: 3, detail: 'Parse error on line 3:' }, {});
    expect(templateFaultOf(error)).toEqual({ where: 'body', line: 3, detail: 'Parse error on line 3:' });
    const noLine = new ApiError(422, 'templateLoadingFailure', 'x', { where: 'subject', detail: 'Missing helper: "x"' }, {});
    expect(templateFaultOf(noLine)).toEqual({ where: 'subject', detail: 'Missing helper: "x"' });
  });

  it('is no template fault for any other error', () => {
    expect(templateFaultOf(new ApiError(403, 'permissionDenied', 'x', {}, {}))).toBeNull();
    expect(templateFaultOf(new Error('boom'))).toBeNull();
    expect(templateFaultOf(new ApiError(422, 'templateLoadingFailure', 'x', { where: 'elsewhere' }, {}))).toBeNull();
  });

  it('puts the rendered HTML in a page of its language', () => {
    const page = previewDocument('<p>Bonjour</p>', 'fr');
    expect(page).toMatch(/^<!doctype html><html lang="fr">/);
    expect(page).toContain('<body><p>Bonjour</p></body>');
  });
});
