// Small layout helpers over pdfkit: page furniture, headings, paragraphs and paged tables.
import type PDFDocument from 'pdfkit';
import { cellParts, type ReportCell } from './reports.format.ts';

export type Pdf = InstanceType<typeof PDFDocument>;

export const COLORS = {
  ink: '#0f172a',
  muted: '#475569',
  line: '#cbd5e1',
  brand: '#1e3a8a',
  brandSoft: '#e0e7ff',
  pass: '#15803d',
  fail: '#b91c1c',
  track: '#e2e8f0',
  zebra: '#f8fafc',
};

export const MARGIN = 54;

export const contentWidth = (pdf: Pdf) => pdf.page.width - MARGIN * 2;
const bottom = (pdf: Pdf) => pdf.page.height - MARGIN - 18;

/** Starts a new page when fewer than `needed` points are left. */
export function ensureSpace(pdf: Pdf, needed: number): void {
  if (pdf.y + needed > bottom(pdf)) pdf.addPage();
}

export function sectionTitle(pdf: Pdf, title: string): void {
  pdf.addPage();
  pdf.font('Helvetica-Bold').fontSize(20).fillColor(COLORS.brand).text(title, MARGIN, MARGIN);
  const y = pdf.y + 4;
  pdf.moveTo(MARGIN, y).lineTo(MARGIN + contentWidth(pdf), y).lineWidth(1.5).strokeColor(COLORS.brand).stroke();
  pdf.y = y + 14;
}

export function subheading(pdf: Pdf, text: string, right?: string): void {
  ensureSpace(pdf, 48);
  const y = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(13).fillColor(COLORS.ink).text(text, MARGIN, y, { width: contentWidth(pdf) - 120 });
  if (right) pdf.font('Helvetica').fontSize(10).fillColor(COLORS.muted).text(right, MARGIN + contentWidth(pdf) - 120, y + 2, { width: 120, align: 'right' });
  pdf.y = Math.max(pdf.y, y + 16) + 4;
}

export function paragraph(pdf: Pdf, text: string, opts: { size?: number; color?: string; bold?: boolean } = {}): void {
  pdf
    .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(opts.size ?? 10.5)
    .fillColor(opts.color ?? COLORS.ink);
  ensureSpace(pdf, pdf.heightOfString(text, { width: contentWidth(pdf) }) + 6);
  pdf.text(text, MARGIN, pdf.y, { width: contentWidth(pdf), lineGap: 2 });
  pdf.moveDown(0.5);
}

export function bullet(pdf: Pdf, text: string, color: string = COLORS.ink): void {
  pdf.font('Helvetica').fontSize(10.5);
  const width = contentWidth(pdf) - 14;
  ensureSpace(pdf, pdf.heightOfString(text, { width }) + 4);
  const y = pdf.y;
  pdf.circle(MARGIN + 4, y + 5.5, 2).fillColor(color).fill();
  pdf.fillColor(COLORS.ink).text(text, MARGIN + 14, y, { width, lineGap: 2 });
  pdf.moveDown(0.3);
}

export interface Column {
  header: string;
  width: number; // share of the content width
  align?: 'left' | 'right' | 'center';
}

const CELL_PAD = 5;

function drawHeader(pdf: Pdf, cols: Column[], widths: number[]): void {
  const y = pdf.y;
  pdf.rect(MARGIN, y, contentWidth(pdf), 20).fillColor(COLORS.brand).fill();
  let x = MARGIN;
  pdf.font('Helvetica-Bold').fontSize(9).fillColor('#ffffff');
  cols.forEach((c, i) => {
    pdf.text(c.header, x + CELL_PAD, y + 6, { width: widths[i]! - CELL_PAD * 2, align: c.align ?? 'left', lineBreak: false });
    x += widths[i]!;
  });
  pdf.y = y + 20;
}

const CELL_SIZE = 9;
const NOTE_SIZE = 7.5;
const NOTE_GAP = 3;

/** Height of the main text of a cell, plus the gap before its note when both are present. */
function textBlockHeight(pdf: Pdf, text: string, note: string, width: number): number {
  if (!text && note) return 0;
  const h = pdf.font('Helvetica').fontSize(CELL_SIZE).heightOfString(text || ' ', { width });
  return note ? h + NOTE_GAP : h;
}

function cellHeight(pdf: Pdf, cell: ReportCell, width: number): number {
  const { text, note } = cellParts(cell);
  const h = textBlockHeight(pdf, text, note, width);
  return note ? h + pdf.font('Helvetica').fontSize(NOTE_SIZE).heightOfString(note, { width }) : h;
}

function drawCell(pdf: Pdf, cell: ReportCell, x: number, y: number, width: number, align: Column['align'] = 'left'): void {
  const { text, note } = cellParts(cell);
  if (text) pdf.font('Helvetica').fontSize(CELL_SIZE).fillColor(COLORS.ink).text(text, x, y, { width, align });
  if (!note) return;
  const noteY = y + textBlockHeight(pdf, text, note, width); // measured first: it sets the font size of the main text
  pdf.font('Helvetica').fontSize(NOTE_SIZE).fillColor(COLORS.muted).text(note, x, noteY, { width, align });
}

/** A table that breaks across pages, repeating its header. */
export function table(pdf: Pdf, cols: Column[], rows: ReportCell[][]): void {
  const total = cols.reduce((s, c) => s + c.width, 0);
  const widths = cols.map((c) => (c.width / total) * contentWidth(pdf));
  ensureSpace(pdf, 60);
  drawHeader(pdf, cols, widths);
  rows.forEach((row, r) => {
    const height = Math.max(...row.map((cell, i) => cellHeight(pdf, cell, widths[i]! - CELL_PAD * 2))) + CELL_PAD * 2;
    if (pdf.y + height > bottom(pdf)) {
      pdf.addPage();
      drawHeader(pdf, cols, widths);
    }
    const y = pdf.y;
    if (r % 2 === 1) pdf.rect(MARGIN, y, contentWidth(pdf), height).fillColor(COLORS.zebra).fill();
    let x = MARGIN;
    row.forEach((cell, i) => {
      drawCell(pdf, cell, x + CELL_PAD, y + CELL_PAD, widths[i]! - CELL_PAD * 2, cols[i]!.align);
      x += widths[i]!;
    });
    pdf.moveTo(MARGIN, y + height).lineTo(MARGIN + contentWidth(pdf), y + height).lineWidth(0.5).strokeColor(COLORS.line).stroke();
    pdf.y = y + height;
  });
  pdf.x = MARGIN;
  pdf.moveDown(1);
}

/** "Page n of m" and the running title on every page but the cover. */
export function pageFurniture(pdf: Pdf, runningTitle: string): void {
  const range = pdf.bufferedPageRange();
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const y = pdf.page.height - MARGIN + 10;
    pdf.page.margins.bottom = 0;
    pdf.moveTo(MARGIN, y - 6).lineTo(pdf.page.width - MARGIN, y - 6).lineWidth(0.5).strokeColor(COLORS.line).stroke();
    pdf.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
    pdf.text(runningTitle, MARGIN, y, { width: contentWidth(pdf) / 2, lineBreak: false });
    pdf.text(`Page ${i + 1} of ${range.count}`, MARGIN + contentWidth(pdf) / 2, y, { width: contentWidth(pdf) / 2, align: 'right', lineBreak: false });
  }
}
