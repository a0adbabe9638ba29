import { isPublicTrackingToken, publicTrackingUrl } from './public-tracking';

describe('public tracking links', () => {
  it('accepts only the tokens’ shape: 24 base64url characters', () => {
    expect(isPublicTrackingToken('Xq3v8LmT2pWn6RbK0cYd4Fh-')).toBe(true);
    expect(isPublicTrackingToken('Xq3v8LmT2pWn6RbK0cYd4Fh_')).toBe(true);
    for (const bad of [
      '',
      'Xq3v8LmT2pWn6RbK0cYd4Fh',
      'Xq3v8LmT2pWn6RbK0cYd4Fh12',
      'Xq3v8LmT2pWn6RbK0cYd4Fh+',
      'Xq3v8LmT2pWn6RbK0cYd4Fh\u0000',
      'é'.repeat(24),
      42,
      null,
      ['x'],
    ])
      expect(isPublicTrackingToken(bad)).toBe(false);
  });

  it('puts the page under the portal’s public address, with or without its trailing slash', () => {
    expect(publicTrackingUrl('https://portail.example', 'Xq3v8LmT2pWn6RbK0cYd4Fh1')).toBe(
      'https://portail.example/suivi/Xq3v8LmT2pWn6RbK0cYd4Fh1',
    );
    expect(publicTrackingUrl('https://portail.example/logistique//', 'Xq3v8LmT2pWn6RbK0cYd4Fh1')).toBe(
      'https://portail.example/logistique/suivi/Xq3v8LmT2pWn6RbK0cYd4Fh1',
    );
  });
});
