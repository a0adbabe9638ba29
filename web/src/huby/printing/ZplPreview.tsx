import { useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';

/** At most this many labels drawn in the preview (the rest print all the same). */
const PREVIEW_MAX = 12;

/**
 * ZPL drawn in the browser before printing, by zpl-renderer-js (zebrash compiled to WebAssembly, loaded
 * only here): no label goes to a service on the internet. 100 × 150 mm at 8 dots/mm, as printed.
 */
export function ZplPreview({ zpl }: { zpl: string }) {
  const translate = useTranslate();
  const [images, setImages] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setImages(null);
    setFailed(false);
    const labels = zpl.split(/(?<=\^XZ)\s*/).filter((l) => l.includes('^XA'));
    import('zpl-renderer-js')
      .then(({ ready }) => ready)
      .then(({ api }) => api.zplToBase64MultipleAsync(labels.slice(0, PREVIEW_MAX).join('\n'), 100, 150, 8))
      .then((pngs) => live && setImages(pngs.map((p) => `data:image/png;base64,${p}`)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [zpl]);
  if (failed) return <Alert severity="warning">{translate('huby.labels.previewFailed')}</Alert>;
  if (!images)
    return (
      <Stack sx={{ alignItems: 'center', p: 3 }}>
        <CircularProgress aria-label={translate('huby.labels.previewing')} />
      </Stack>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1 }} data-testid="zpl-preview">
      {images.map((src, i) => (
        <Box
          key={i}
          component="img"
          src={src}
          alt={translate('huby.labels.previewAlt', { n: i + 1 })}
          sx={{ height: 300, border: 1, borderColor: 'divider', bgcolor: '#fff' }}
        />
      ))}
    </Box>
  );
}
