import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@portal/bus';
import { AdminSubjects, systemContext, type DepositorDto } from '@portal/contracts';

const TTL_MS = 10 * 60_000;

/** Depositor labels for the mails (admin's depositors by id), kept ten minutes. */
@Injectable()
export class DepositorLabels {
  private readonly known = new Map<number, { label: string; at: number }>();

  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  /** Labels of these depositors; one admin does not know (or admin away) is absent. */
  async of(ids: number[]): Promise<Map<number, string>> {
    const now = Date.now();
    const missing = [...new Set(ids)].filter((id) => (this.known.get(id)?.at ?? 0) + TTL_MS < now);
    if (missing.length) {
      const found = await this.bus
        .request<DepositorDto[]>(AdminSubjects.depositorsByIds, systemContext('alert-depositors'), { ids: missing }, 2000)
        .catch(() => [] as DepositorDto[]);
      for (const d of found) this.known.set(d.id, { label: d.label || d.code, at: now });
    }
    const labels = new Map<number, string>();
    for (const id of ids) {
      const label = this.known.get(id)?.label;
      if (label) labels.set(id, label);
    }
    return labels;
  }
}
