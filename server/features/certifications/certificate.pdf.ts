// The certificate PDF of one self-certification record: the attested statement, the result, the
// applicability profile, the SHA-256 of the record's canonical text and the public verify URL,
// with the notice that it is a self-certification, not a federal one: in the subtitle, and in full
// as the footer of every page, so no page can be shown on its own without it.
import type PDFDocument from 'pdfkit';
import type { CertificationView } from '#domain/contracts/cycles.ts';
import { ORGANIZATION_NAME_LABEL, SELF_CERTIFICATION_NOTICE, SELF_CERTIFICATION_SUBTITLE, SUPERSEDED_EXPLAINED } from '#domain/certification/certification.ts';
import { describeProfile } from '#domain/questions/applicability.ts';
import { COLORS, MARGIN, PRODUCT_NAME, contentWidth, formatDate, paragraph, subheading, table, type Pdf } from '../reports/index.ts';

export interface CertificateInput {
  record: CertificationView;
  organizationName: string;
  maxScore: number;
  verifyUrl: string;
}

export const CERTIFICATE_TITLE = 'Research Security Self-Certification';

const STATUS_TEXT = { current: 'Current', superseded: SUPERSEDED_EXPLAINED, expired: 'Expired' } as const;

/** Room kept below the content for the footer (the notice takes two lines at its size). */
const FOOTER_HEIGHT = 30;

function banner(pdf: Pdf, input: CertificateInput): void {
  const w = contentWidth(pdf);
  pdf.rect(0, 0, pdf.page.width, 150).fillColor(COLORS.brand).fill();
  pdf.font('Helvetica-Bold').fontSize(11).fillColor('#c7d2fe').text(PRODUCT_NAME.toUpperCase(), MARGIN, 48, { characterSpacing: 2 });
  pdf.font('Helvetica-Bold').fontSize(24).fillColor('#ffffff').text(CERTIFICATE_TITLE, MARGIN, 70, { width: w });
  pdf.font('Helvetica').fontSize(12).fillColor('#e0e7ff').text(SELF_CERTIFICATION_SUBTITLE, MARGIN, pdf.y + 4, { width: w });
  // The name is the one the organization registered itself: labelled so, not read as a checked identity.
  pdf.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.muted).text(ORGANIZATION_NAME_LABEL.toUpperCase(), MARGIN, 172, { width: w, characterSpacing: 0.5 });
  pdf.font('Helvetica-Bold').fontSize(20).fillColor(COLORS.ink).text(input.organizationName, MARGIN, pdf.y + 3, { width: w });
  pdf.moveDown(0.6);
}

/** The full self-certification notice at the foot of every page. */
function noticeFooter(pdf: Pdf): void {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const y = pdf.page.height - MARGIN - FOOTER_HEIGHT + 24;
    pdf.page.margins.bottom = 0;
    pdf.moveTo(MARGIN, y - 6).lineTo(pdf.page.width - MARGIN, y - 6).lineWidth(0.5).strokeColor(COLORS.line).stroke();
    pdf.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text(SELF_CERTIFICATION_NOTICE, MARGIN, y, { width: contentWidth(pdf), lineGap: 1 });
  }
}

/** Renders the certificate. `compress: false` keeps text streams readable (tests assert on them). */
export async function renderCertificatePdf(input: CertificateInput, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { record } = input;
  // Loaded on first use: pdfkit takes a third of a second to import, which start-up need not pay.
  const { default: Pdfkit }: { default: typeof PDFDocument } = await import('pdfkit');
  const pdf = new Pdfkit({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: `${CERTIFICATE_TITLE}: ${input.organizationName}`, Author: PRODUCT_NAME, Subject: `Self-certification record ${record.verify_code}` },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  banner(pdf, input);
  subheading(pdf, 'Statement');
  paragraph(pdf, record.statement, { size: 11.5 });
  paragraph(pdf, `Signed by ${record.signer_name}, ${record.signer_title}, on ${formatDate(record.signed_at)}.`, { bold: true });

  subheading(pdf, 'Record');
  table(
    pdf,
    [
      { header: 'Item', width: 1 },
      { header: 'Value', width: 2.2 },
    ],
    [
      ['Result', `${record.pass_fail} · score ${record.total_score}/${input.maxScore} · grade ${record.grade}`],
      ['Questionnaire version', record.version_label],
      ['Assessment', record.assessment_id],
      ['Signed', formatDate(record.signed_at)],
      // A superseded record no longer stands for the organization: no expiry to read as a validity.
      ...(record.status === 'superseded' ? [] : [['Record expires', formatDate(record.expires_at)] as [string, string]]),
      ['Status on download', STATUS_TEXT[record.status]],
      ...(record.applicability ? describeProfile(record.applicability).map((r): [string, string] => [r.label, r.value]) : [['Applicability profile', 'Not recorded']]),
    ],
  );

  subheading(pdf, 'Verify this record');
  paragraph(pdf, `Anyone can check this record's status at ${input.verifyUrl}`);
  paragraph(pdf, `Verification code: ${record.verify_code}`);
  paragraph(pdf, `SHA-256 of the record's canonical text: ${record.sha256}`, { size: 9.5, color: COLORS.muted });
  paragraph(pdf, 'Signing again creates a new record that supersedes this one; the record itself never changes.', { size: 9.5, color: COLORS.muted });

  // What the record is: the notice in full at the foot of every page (no page goes without it).
  noticeFooter(pdf);
  pdf.end();
  return done;
}
