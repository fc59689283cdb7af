// Question codes retired from the bank. A code keeps one meaning across questionnaire versions
// (docs/decisions/004): when a question's meaning changes it gets a new code, and a retired code
// is never reused (bank.test.ts checks it).

export interface RetiredCode {
  code: string;
  /** Why it left the bank, and which codes now carry its content. */
  reason: string;
}

export const RETIRED_CODES: readonly RetiredCode[] = [
  { code: 'CI-01', reason: 'Asked two things and was a gate without a requirement in force: split into CI-13 (point of contact named) and CI-14 (contact published).' },
  { code: 'CI-06', reason: 'Merged into AU-10: the list of applicable agency requirements is kept by whoever watches agency notices.' },
  { code: 'CI-08', reason: 'Duplicate of TP-01 and TP-02 (the pre-submission check is part of TP-02).' },
  { code: 'CI-12', reason: 'Asked two things (staff time and a budget): CI-16 asks for dedicated resources and says what counts.' },
  { code: 'CI-09', reason: 'Asked two things: the reporting channel is now CI-15.' },
  { code: 'PP-04', reason: 'Asked two things and duplicated AU-04: the certifications are now PP-15.' },
  { code: 'PP-10', reason: 'Allowed "does not apply" as Yes; the applicability profile decides that now: PP-16, since replaced by PP-23.' },
  { code: 'PP-16', reason: 'Asked for every Section 117 report ever due, so one old late filing could never be recovered: PP-23 asks for the last two years.' },
  { code: 'PP-11', reason: 'Allowed "does not apply" as Yes; the applicability profile decides that now: PP-17.' },
  { code: 'PP-22', reason: 'Asked for two certified policies in one Yes: split into PP-26 (data compliance program policy, 28 CFR 202.1001(b)(3)) and PP-27 (security requirements policy, (b)(4)).' },
  { code: 'TP-04', reason: 'DOE counts 30 days from joining the project, not the organization: TP-12.' },
  { code: 'TP-05', reason: 'Duplicate of TP-01 and TP-02 (reminders are part of TP-02).' },
  { code: 'TP-06', reason: 'Duplicate of TP-01: NIH accepts research security training as the Other Support training.' },
  { code: 'AU-09', reason: 'Program measures are part of the yearly self-assessment (AU-06); removed to leave room under the 70-question limit for questions the admin area adds.' },
  { code: 'IP-01', reason: 'Asked two things: split into IP-25 (access limited to authorized people) and IP-26 (individual accounts).' },
  { code: 'IP-02', reason: 'Asked two things: split into IP-27 (MFA for remote access) and IP-28 (MFA for privileged accounts).' },
  { code: 'IP-03', reason: 'Asked two things: split into IP-15 (boundary) and IP-16 (segments).' },
  { code: 'IP-05', reason: 'Asked two things: split into IP-17 (patching) and IP-18 (malware protection).' },
  { code: 'IP-07', reason: 'Asked three things: split into IP-19 (media) and IP-20 (physical access); visitor escort and logs are FAR 52.204-21 safeguards, asked of holders of federal contract information in IP-22.' },
  { code: 'IP-08', reason: 'Asked two things: rewritten as IP-21 (one inventory that records sensitivity).' },
  { code: 'IP-09', reason: 'Allowed "no CUI" as Yes; the applicability profile decides that now: IP-22.' },
  { code: 'IP-11', reason: 'Duplicate of PP-08 (technology control plans).' },
  { code: 'IP-22', reason: 'Asked for two safeguarding regimes in one Yes, and of DoD contracts only: split into IP-29 (the 15 FAR 52.204-21 basic safeguards, for any agency’s contracts with federal contract information) and IP-30 (NIST SP 800-171 Rev. 2 with a system security plan, for DoD contracts under DFARS 252.204-7012).' },
  { code: 'IP-13', reason: 'Rewritten on the NIH notices that set the duty: IP-23.' },
  { code: 'AU-01', reason: 'Asked two things: the per-application certifications are TP-01 and PP-15; the institutional program certification, not in force at any agency, is AU-12.' },
  { code: 'AU-03', reason: 'Asked training, disclosure and travel records in one Yes, and gated contract-only organizations on 2 CFR 200.334: split into AU-14 (records pertinent to each federal grant, 2 CFR 200.334, a gate for grant recipients) and AU-15 (retention periods for research security records no award term covers, good practice).' },
  { code: 'AU-04', reason: 'Duplicate of PP-04: annual certifications are PP-15 and the foreign financial disclosure report is PP-18.' },
];
