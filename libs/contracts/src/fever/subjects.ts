import { healthSubject } from '../subjects';

/** Request/reply subjects of the fever service (probes, plans, readings, certificates). */
export const FeverSubjects = {
  zonesList: 'fever.zones.list',
  zoneSave: 'fever.zones.save',
  zoneDelete: 'fever.zones.delete',
  plansList: 'fever.plans.list',
  planGet: 'fever.plans.get',
  planSave: 'fever.plans.save',
  planDelete: 'fever.plans.delete',
  /** Stores a plan's image (checked from its bytes, resized with sharp); payload base64. */
  planImage: 'fever.plans.image',
  /** A plan's stored image bytes (base64) and content type. */
  planImageFile: 'fever.plans.image-file',
  probesList: 'fever.probes.list',
  probeGet: 'fever.probes.get',
  probeSave: 'fever.probes.save',
  probeDelete: 'fever.probes.delete',
  /** Places a probe on a plan (drag and drop): plan id, x and y as fractions of the image (0..1). */
  probePlace: 'fever.probes.place',
  /** A probe gateway's batch of readings (HTTP with an API key of kind `probe`): FeverIngestResult. */
  ingest: 'fever.readings.ingest',
  /** Min/max/average per bucket over a range (raw readings or the hourly roll-up): FeverGraphDto. */
  graph: 'fever.readings.graph',
  /** One probe's readings over at most FEVER_EXPORT_MAX_DAYS, as rows for the export kit. */
  exportRows: 'fever.readings.export-rows',
  excursionsList: 'fever.excursions.list',
  /** Tracking asks for a cold-chain certificate of an order: FeverCertificateRequest → PDF (base64). */
  certificate: 'fever.certificates.build',
  health: healthSubject('fever'),
} as const;

/** Events of the fever service (besides FeverEvents.probeSilent, consumed by alerts). */
export const FeverOwnEvents = {
  /** Payload: FeverExcursionEvent, when an excursion starts and when it ends. */
  excursionStarted: 'fever.excursion.started',
  excursionEnded: 'fever.excursion.ended',
} as const;
