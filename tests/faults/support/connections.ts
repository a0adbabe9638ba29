import fs from 'node:fs';

/** The socket inodes of TCP connections from local port `from` to port `to` (IPv4 and IPv6 tables of /proc). */
function connectionInodes(from: number, to: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = fs.readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const [, local, remote, , , , , , , inode] = line.trim().split(/\s+/);
      const port = (address: string) => parseInt(address.slice(address.lastIndexOf(':') + 1), 16);
      if (port(local) === from && port(remote) === to) inodes.add(inode);
    }
  }
  return inodes;
}

/**
 * Which of `pids` holds the TCP connection from its local port `from` to port `to` (a receiver on this
 * machine sees the caller's port: this tells which copy of a service sent a call), from /proc.
 */
export function connectionOwner(from: number, to: number, pids: number[]): number | undefined {
  const inodes = connectionInodes(from, to);
  if (!inodes.size) return undefined;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // Gone.
    }
    for (const fd of fds) {
      try {
        const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (inodes.has(link.slice('socket:['.length, -1)) && link.startsWith('socket:[')) return pid;
      } catch {
        // Closed meanwhile.
      }
    }
  }
  return undefined;
}
