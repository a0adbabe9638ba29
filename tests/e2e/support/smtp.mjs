// An SMTP server the test runs itself: the backend sends its mails here and the test reads them.
import { SMTPServer } from 'smtp-server';

function decodePart(headers, body) {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The readable text of a raw MIME message: every part decoded and joined. */
export function mailText(raw) {
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return decodePart(headers, body);
  return body
    .split(`--${boundary}`)
    .filter((part) => part.trim() && !part.startsWith('--'))
    .map((part) => mailText(part.replace(/^\r?\n/, '')))
    .join('\n');
}

export async function startSmtp() {
  const mails = [];
  const waiters = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^subject:\s*(.*)$/im.exec(raw)?.[1] ?? '',
          raw,
          text: mailText(raw),
        };
        mails.push(mail);
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.server.address().port;
  return {
    port,
    mails,
    /** Waits for a mail to `address` that matches `predicate`. */
    async waitForMail(address, predicate = () => true, timeoutMs = 20000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(address) && predicate(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms (got ${mails.length})`);
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
