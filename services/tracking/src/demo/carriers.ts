import type { Db } from '@portal/db';
import { DEMO_CARRIERS } from '@portal/demo';

/** The public tracking pages of the demo parcel carriers; the pallet and charter ones have none to link to. */
const DEMO_TRACKING_URLS: Record<string, string> = {
  COLISSIMO: 'https://www.laposte.fr/outils/suivre-vos-envois?code={trackingNumber}',
  CHRONOPOST: 'https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={trackingNumber}',
  DPD: 'https://trace.dpd.fr/fr/trace/{trackingNumber}',
  GLS: 'https://gls-group.com/FR/fr/suivi-colis?match={trackingNumber}',
  UPS: 'https://www.ups.com/track?loc=fr_FR&tracknum={trackingNumber}',
};

/** The demo carriers in the carrier settings; a carrier already there (changed by an administrator) is left as it is. */
export async function seedDemoCarriers(db: Db): Promise<void> {
  for (const carrier of DEMO_CARRIERS)
    await db.system.query(`INSERT INTO carriers (code, name, tracking_url_template) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING`, [
      carrier.code,
      carrier.name,
      DEMO_TRACKING_URLS[carrier.code] ?? null,
    ]);
}
