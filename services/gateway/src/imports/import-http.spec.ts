import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from '@jest/globals';
import type { BusClient } from '@portal/bus';
import type { ImportLineDto } from '@portal/contracts';
import type { FileStorage } from '@portal/files';
import { callerContext } from '@portal/testing';
import type { FastifyReply } from 'fastify';
import { limited } from '../http/raw-upload';
import { ImportHttp } from './import-http';

describe('import upload size limit', () => {
  it('passes a file up to the limit and fails past it with sizeLimitExceeded', async () => {
    const chunks: Buffer[] = [];
    const sink = async (source: AsyncIterable<Buffer>) => {
      for await (const c of source) chunks.push(c);
    };
    await pipeline(Readable.from([Buffer.alloc(3), Buffer.alloc(2)]), limited(5), sink);
    expect(Buffer.concat(chunks)).toHaveLength(5);
    await expect(pipeline(Readable.from([Buffer.alloc(3), Buffer.alloc(3)]), limited(5), sink)).rejects.toMatchObject({
      key: 'sizeLimitExceeded',
      status: 413,
      params: { limit: 5 },
    });
  });
});

describe('import report (CSV)', () => {
  const lines: ImportLineDto[] = [
    { line: 1, status: 'header', key: null, params: null, reference: null, what: null },
    {
      line: 2,
      status: 'refused',
      key: 'importWriteFailed',
      params: { column: 'code', reason: 'invalidFormat' },
      reference: null,
      what: 'x',
    },
    {
      line: 3,
      status: 'refused',
      key: 'importWriteFailed',
      params: { column: 'login', reason: 'loginAlreadyExists' },
      reference: 'jm',
      what: null,
    },
    {
      line: 4,
      status: 'refused',
      key: 'importWriteFailed',
      params: { column: 'label', reason: 'maxLength', max: 255 },
      reference: null,
      what: null,
    },
    {
      line: 5,
      status: 'refused',
      key: 'importUnknownTourCode',
      params: { column: 'tour_code', code: 'T9', line: 4 },
      reference: 'CMD-1',
      what: null,
    },
    { line: 6, status: 'create', key: null, params: null, reference: 'CMD-2', what: 'Lyon' },
  ];
  const bus = {
    request: async (subject: string) => (subject === 'test.get' ? { id: 'sim', name: 'clients.csv' } : { total: lines.length, lines }),
  } as unknown as BusClient;
  const subjects = { simulate: 'test.simulate', get: 'test.get', lines: 'test.lines', apply: 'test.apply' };

  async function report(locale: string): Promise<string[]> {
    let body: Readable | undefined;
    const reply = {
      header: () => reply,
      send: (stream: Readable) => void (body = stream),
    } as unknown as FastifyReply;
    await new ImportHttp(bus, {} as FileStorage, subjects, 'test').report(callerContext({ locale }), 'sim', undefined, reply);
    const chunks: Buffer[] = [];
    for await (const chunk of body!) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
  }

  it('says why each line is refused in the caller’s language, as the screen does, never the raw params', async () => {
    const fr = await report('fr_FR');
    expect(fr).toEqual([
      'line;status;key;reason;reference;what',
      '1;header;;;;',
      '2;refused;importWriteFailed;Création ou mise à jour impossible. — colonne code — Format invalide;;x',
      '3;refused;importWriteFailed;Création ou mise à jour impossible. — colonne login — Cet identifiant est déjà utilisé.;jm;',
      '4;refused;importWriteFailed;Création ou mise à jour impossible. — colonne label — Nombre de caractères limité à 255;;',
      '5;refused;importUnknownTourCode;Code tournée inconnu. — colonne tour_code — code T9 — voir ligne 4;CMD-1;',
      '6;create;;;CMD-2;Lyon',
    ]);
    const en = await report('en_US');
    expect(en[2]).toBe('2;refused;importWriteFailed;Create or update failure. — column code — Invalid format;;x');
    expect(en[3]).toBe('3;refused;importWriteFailed;Create or update failure. — column login — This login is already used.;jm;');
    expect(en.join('\n')).not.toMatch(/reason=|column=|invalidFormat|%\{/);
  });
});
