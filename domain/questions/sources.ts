// Citation labels used by the question bank, one place each (see docs/decisions/004).
// Every label names a public source: a statute, an executive policy or agency guidance.
export const SRC = {
  nspm33: 'NSPM-33 (2021)',
  nspm33Guidance: 'NSPM-33 Implementation Guidance (2022)',
  ostp2024: 'OSTP RSP Guidelines 2024',
  jcore2021: 'JCORE Recommended Practices (2021)',
  chips10229: 'CHIPS Act §10229 (NIST research cybersecurity resources)',
  chips10631: 'CHIPS Act §10631 (42 U.S.C. 19231)',
  chips10632: 'CHIPS Act §10632 (42 U.S.C. 19232)',
  chips10634: 'CHIPS Act §10634 (42 U.S.C. 19234)',
  chips10338: 'CHIPS Act §10338(a) (NSF SECURE Center)',
  nsfIn149: 'NSF Important Notice No. 149 (2025)',
  nsfPappg: 'NSF PAPPG (NSF 24-1)',
  nihOd25133: 'NIH NOT-OD-25-133',
  nihOd26017: 'NIH NOT-OD-26-017',
  doeFal: 'DOE FAL 2025-02',
  dodMatrix: 'DoD Decision Matrix (2023, updated 2025)',
  uniform200334: '2 CFR 200.334 (record retention)',
  far204021: 'FAR 52.204-21',
  dfars7012: 'DFARS 252.204-7012 / NIST SP 800-171',
  sprsMethod: 'NIST SP 800-171 DoD Assessment Methodology v1.2.1',
  cmmc: 'CMMC Program rule, 32 CFR 170',
  nistIr8481: 'NIST IR 8481 (draft, 2023)',
  exportRegs: 'EAR / ITAR (15 CFR 734.8)',
  hea117: 'HEA §117 (20 U.S.C. 1011f)',
  aauAplu: 'AAU/APLU effective practices (2019/2020)',
  cogr: 'COGR research security resources (2023–2024)',
  trustedCi: 'Trusted CI Framework (2021)',
  secureCenter: 'NSF SECURE Center resources',
  nasem2025: 'NASEM, Assessing Research Security Efforts (2025)',
  acua2024: 'ACUA internal audit guidance (2024)',
  falseClaims: 'False Claims Act (31 U.S.C. 3729-3733); 18 U.S.C. 1001',
} as const;

/** The citation shown for a question's source (a source id, or a label in versions published before ids). */
export function citationOf(idOrLabel: string): string {
  return idOrLabel;
}
