import { useEffect, useRef } from 'react';
import { Box, useTheme } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { GeoAddressDto } from '@portal/contracts';
import { clusterPoints } from './clusters';

export interface GeoMapProps {
  platforms: GeoAddressDto[];
  recipients: GeoAddressDto[];
  platform: string | null;
  recipient: string | null;
  onPick: (address: GeoAddressDto) => void;
  label: string;
  clusterTitle: (count: number) => string;
  /** Frame the recipients each time they change (the answer of a search). */
  fitToRecipients: boolean;
}

/** Recipients closer than this many pixels on screen are drawn as one numbered marker. */
const CLUSTER_CELL_PX = 56;
/** Metropolitan France and Corsica, framed when the map opens. */
const FRANCE: L.LatLngBoundsLiteral = [
  [42.3, -4.8],
  [51.1, 8.3],
];

/**
 * The Geo-order map: Natural Earth country shapes (world-atlas, bundled) drawn as a GeoJSON layer
 * with no tile server, the platforms as squares and the recipients as dots, clustered by a screen
 * grid at each zoom. Nothing is fetched from another origin.
 */
export function GeoMap({ platforms, recipients, platform, recipient, onPick, label, clusterTitle, fitToRecipients }: GeoMapProps) {
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const dark = theme.palette.mode === 'dark';
  const colours = {
    sea: dark ? '#16202b' : '#dbe9f4',
    land: dark ? '#2c333b' : '#f4f1ea',
    border: dark ? '#59626c' : '#a9a39a',
    recipient: theme.palette.info.main,
    platform: theme.palette.primary.main,
    selected: theme.palette.success.main,
  };

  useEffect(() => {
    if (!element.current) return;
    const m = L.map(element.current, { minZoom: 2, maxZoom: 10, attributionControl: false, worldCopyJump: false });
    m.fitBounds(FRANCE);
    L.control.attribution({ prefix: false }).addAttribution('Natural Earth · GeoNames · INSEE').addTo(m);
    markers.current = L.layerGroup().addTo(m);
    map.current = m;
    let live = true;
    void import('world-atlas/countries-50m.json').then((atlas) => {
      if (!live) return;
      const topology = (atlas.default ?? atlas) as unknown as Topology<{ countries: GeometryCollection }>;
      L.geoJSON(feature(topology, topology.objects.countries), { interactive: false, className: 'geo-land' } as L.GeoJSONOptions &
        L.PathOptions)
        .addTo(m)
        .bringToBack();
      m.getContainer().dataset.baseMap = 'drawn';
    });
    return () => {
      live = false;
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    const group = markers.current;
    if (!m || !group) return;
    const draw = () => {
      group.clearLayers();
      const zoom = m.getZoom();
      const located = recipients.filter((a) => a.lat !== null && a.lon !== null);
      const placed = located.map((a) => ({ ...m.project([a.lat!, a.lon!], zoom), item: a }));
      for (const c of clusterPoints(placed, CLUSTER_CELL_PX)) {
        const at = m.unproject([c.x, c.y], zoom);
        if (c.items.length === 1) {
          const a = c.items[0];
          const chosen = a.uuid === recipient;
          L.marker(at, {
            title: `${a.company_name ?? a.contact_name ?? a.code} – ${a.zip} ${a.town}`,
            icon: L.divIcon({
              className: 'geo-recipient',
              html: `<span data-uuid="${a.uuid}" style="display:block;width:14px;height:14px;border-radius:50%;border:2px solid #fff;background:${chosen ? colours.selected : colours.recipient}"></span>`,
              iconSize: [18, 18],
            }),
            zIndexOffset: chosen ? 1000 : 0,
          })
            .on('click', () => onPick(a))
            .addTo(group);
        } else {
          const size = Math.min(52, 26 + Math.round(Math.log10(c.items.length) * 12));
          const bounds = L.latLngBounds(c.items.map((a) => [a.lat!, a.lon!] as L.LatLngTuple));
          L.marker(at, {
            title: clusterTitle(c.items.length),
            icon: L.divIcon({
              className: 'geo-cluster',
              html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;font:600 13px sans-serif;color:#fff;background:${colours.recipient};border:3px solid ${colours.sea};box-shadow:0 0 0 2px ${colours.recipient}">${c.items.length}</span>`,
              iconSize: [size, size],
            }),
          })
            .on('click', () =>
              m.getZoom() >= m.getMaxZoom() ? onPick(c.items[0]) : m.fitBounds(bounds.pad(0.3), { maxZoom: m.getMaxZoom() }),
            )
            .addTo(group);
        }
      }
      for (const p of platforms) {
        if (p.lat === null || p.lon === null) continue;
        const chosen = p.uuid === platform;
        L.marker([p.lat, p.lon], {
          title: `${p.company_name ?? p.code} – ${p.zip} ${p.town}`,
          icon: L.divIcon({
            className: 'geo-platform',
            html: `<span data-uuid="${p.uuid}" style="display:block;width:18px;height:18px;transform:rotate(45deg);border:2px solid #fff;background:${chosen ? colours.selected : colours.platform}"></span>`,
            iconSize: [22, 22],
          }),
          zIndexOffset: 2000,
        })
          .on('click', () => onPick(p))
          .addTo(group);
      }
      m.getContainer().dataset.markers = String(group.getLayers().length);
      m.getContainer().dataset.zoom = String(zoom);
    };
    draw();
    m.on('zoomend', draw);
    return () => {
      m.off('zoomend', draw);
    };
  }, [
    platforms,
    recipients,
    platform,
    recipient,
    onPick,
    clusterTitle,
    colours.platform,
    colours.recipient,
    colours.selected,
    colours.sea,
  ]);

  useEffect(() => {
    const located = recipients.filter((a) => a.lat !== null && a.lon !== null);
    if (!map.current || !fitToRecipients || !located.length) return;
    map.current.fitBounds(L.latLngBounds(located.map((a) => [a.lat!, a.lon!] as L.LatLngTuple)).pad(0.2), { maxZoom: 7, animate: false });
  }, [recipients, fitToRecipients]);

  return (
    <Box
      ref={element}
      role="region"
      aria-label={label}
      data-testid="geo-map"
      sx={{
        height: { xs: 380, md: 'calc(100vh - 220px)' },
        minHeight: 380,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        '&.leaflet-container': { background: colours.sea, fontFamily: theme.typography.fontFamily },
        '& .geo-land': { fill: colours.land, fillOpacity: 1, stroke: colours.border, strokeWidth: 0.8 },
        '& .geo-recipient, & .geo-cluster, & .geo-platform': { background: 'none', border: 'none' },
        '&.leaflet-container .leaflet-control-attribution': { background: 'transparent', color: 'text.secondary' },
      }}
    />
  );
}
