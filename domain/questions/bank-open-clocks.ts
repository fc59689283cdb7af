// Legal clocks the bank does not express yet, and why: each is a known duty with a time limit that
// no question's clock carries (one clock per question, no question for it, or no date found in a
// text that sets it). docs/content/register.md lists them (renderRegister, "Open clocks").

export interface OpenClock {
  /** The question it belongs with, or null when no question of the bank asks about the duty. */
  question: string | null;
  /** The duty and its time limit, in one line. */
  duty: string;
  /** Why no clock expresses it: what is missing. */
  why: string;
}

export const OPEN_CLOCKS: readonly OpenClock[] = [
  {
    question: 'IP-24',
    duty: 'CMMC Level 2 self-assessment every three years (32 CFR 170.16)',
    why: 'A question carries one clock. IP-24 asks about the yearly affirmation in SPRS, which its yearly clock expresses (its duty line names the three-year Level 2 assessment); a clock of its own needs a question on the Level 2 assessment.',
  },
  {
    question: 'PP-18',
    duty: 'Due date of the yearly foreign financial disclosure report to NSF (42 U.S.C. 19040)',
    why: 'No current due date was found in a primary text (summaries give a first report due 3 September 2024 and a July to June reporting period), so the clock stays yearly without a date.',
  },
  {
    question: 'PP-19',
    duty: 'NIH applications on the Common Forms, with errors enforced from 8 May 2026',
    why: 'A one-time start date, already passed, not a recurring duty or one tied to an event; NOT-OD-26-033 (nihOd26033 in the register) sets the leniency through May 2026; the 8 May 2026 enforcement date (NOT-OD-26-079) is known only from a secondary summary.',
  },
  {
    question: null,
    duty: 'DOE: notice within 5 business days about a covered individual in a malign foreign talent recruitment program',
    why: 'No question of the bank asks about DOE’s malign foreign talent recruitment program terms, and the source register holds no DOE text that sets the notice.',
  },
  {
    question: 'PP-28',
    duty: 'BIS Affiliates Rule: back in force on 10 November 2026, after its one-year suspension',
    why: 'A one-time date, already passed, after which PP-28 applies at every export; the reimposition date rests on secondary summaries of the suspension rule (bisAffiliates in the register).',
  },
  {
    question: null,
    duty: 'BIOSECURE (FY2026 NDAA §851): OMB list of biotechnology companies of concern due about 18 December 2026',
    why: 'No question of the bank asks about it, and the date is known only from secondary summaries.',
  },
];
