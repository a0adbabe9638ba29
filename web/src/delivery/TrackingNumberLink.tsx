import { useEffect, useState } from 'react';
import { Link } from '@mui/material';
import { useTranslate } from 'ra-core';
import { carrierTrackingUrl, type TrackingCarrierDto } from '@portal/contracts';
import { api } from '../core/api';

/** The carrier settings, read once per page load (a handful of rows that change rarely). */
let carriers: Promise<Map<string, string | null>> | null = null;

function loadTemplates(): Promise<Map<string, string | null>> {
  carriers ??= api<TrackingCarrierDto[]>('/carriers')
    .then((list) => new Map(list.map((c) => [c.code, c.trackingUrlTemplate])))
    .catch(() => {
      // No link rather than an error: the number itself is still shown. Asked again on the next page.
      carriers = null;
      return new Map<string, string | null>();
    });
  return carriers;
}

/** The template of the carrier's public tracking page, once known (undefined while loading or without one). */
export function useTrackingUrlTemplate(carrierCode: string | null): string | null | undefined {
  const [template, setTemplate] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!carrierCode) return;
    let live = true;
    void loadTemplates().then((map) => live && setTemplate(map.get(carrierCode) ?? null));
    return () => {
      live = false;
    };
  }, [carrierCode]);
  return template;
}

/** A tracking number, linked to the carrier's public tracking page when the carrier settings have one. */
export function TrackingNumberLink({ number, template }: { number: string; template: string | null | undefined }) {
  const translate = useTranslate();
  const href = carrierTrackingUrl(template, number);
  if (!href) return <span>{number}</span>;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="tracking-link"
      aria-label={translate('delivery.trackingLink', { number })}
      title={translate('delivery.trackingLink', { number })}
    >
      {number}
    </Link>
  );
}
