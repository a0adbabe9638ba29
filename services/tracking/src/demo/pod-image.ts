import sharp from 'sharp';

/** A PNG proof of delivery: a recipient's signature scrawl with the name and date, as a courier's handheld renders it. */
export async function podSignaturePng(name: string, at: Date, seed: number): Promise<Buffer> {
  let x = 30;
  const points: string[] = [];
  for (let i = 0; i < 14; i++) {
    x += 18 + ((seed * (i + 3)) % 17);
    const y = 70 + Math.round(Math.sin(seed + i * 1.7) * 28);
    points.push(`${x},${y}`);
  }
  const escape = (s: string) => s.replace(/[<>&"]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="160">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <polyline points="${points.join(' ')}" fill="none" stroke="#1a237e" stroke-width="3" stroke-linejoin="round"/>
    <line x1="20" y1="120" x2="400" y2="120" stroke="#999" stroke-width="1"/>
    <text x="20" y="145" font-family="sans-serif" font-size="14" fill="#333">${escape(name)} — ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
