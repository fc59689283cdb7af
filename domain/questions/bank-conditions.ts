// Conditions and clocks the bank files share (shapes in applicability.ts and clocks.ts). Every
// condition here holds for PROFILE_WITH_EVERY_DUTY, so that profile is asked every question.
import { FUNDING_AGENCIES, KINDS_THAT_MAY_BE_COVERED, type Condition } from './applicability.ts';
import type { LegalClock } from './clocks.ts';

/** Any federal research funding: the CHIPS and Science Act certifications reach every applicant. */
export const FEDERALLY_FUNDED: Condition = { agencies: [...FUNDING_AGENCIES] };
/** Agencies that require research security training: the five below for every application, DoD where the award requires it. */
export const RST_AGENCIES: Condition = { agencies: ['nsf', 'nih', 'doe', 'usda', 'nasa', 'dod'] };
/**
 * Grant recipients of the agencies whose research security training certification is in force for
 * every application (DoD decides project by project). Each of them puts it in its financial
 * assistance terms (NSF Important Notice No. 149 for proposals under the PAPPG; NIH NOT-OD-26-017;
 * DOE Financial Assistance Letter 2025-02; NASA Grant Information Circular 26-02); the register
 * holds no contract clause that carries it, so an organization holding only contracts from them is
 * asked but not gated. USDA is not among them: its Secretary's Memorandum 1078-014 is known only
 * from university summaries and no USDA award term carrying the training was found (usdaSm1078014,
 * searched 2026-11-29), so USDA grant recipients are asked as good practice, as in TP-13.
 */
export const RST_CERTIFYING_AGENCIES: Condition = { grants: ['nsf', 'nih', 'doe', 'nasa'] };
export const NSF: Condition = { agencies: ['nsf'] };
export const NIH: Condition = { agencies: ['nih'] };
export const DOE: Condition = { agencies: ['doe'] };
/** DOE financial assistance (grants and cooperative agreements), which DOE's Financial Assistance Letters govern; not DOE contracts such as FFRDC management and operating contracts. */
export const DOE_GRANTS: Condition = { grants: ['doe'] };
/** Receives grants or cooperative agreements from any agency (2 CFR part 200 binds them, not contracts). */
export const FEDERAL_GRANTS: Condition = { grants: [...FUNDING_AGENCIES] };
/** Holds a contract from any agency (the FAR binds them, not grants). */
export const FEDERAL_CONTRACTS: Condition = { contracts: [...FUNDING_AGENCIES] };
export const DOD: Condition = { agencies: ['dod'] };
/** Holds DoD contracts, which carry the DFARS clauses (252.204-7012, -7019, -7021). */
export const DOD_CONTRACTS: Condition = { contracts: ['dod'] };
export const USDA: Condition = { agencies: ['usda'] };
/** USDA grants and cooperative agreements, the awards Secretary's Memorandum 1078-014 puts its training term into. */
export const USDA_GRANTS: Condition = { grants: ['usda'] };
/**
 * The agencies whose funds may not go to an institution of higher education that keeps a Confucius
 * Institute: NSF (42 U.S.C. 19039) and DoD (FY2021 NDAA §1062). Combine with IHE.
 */
export const CONFUCIUS_INSTITUTE_AGENCIES: Condition = { agencies: ['nsf', 'dod'] };
export const NASA: Condition = { agencies: ['nasa'] };
/**
 * Grant recipients of the agencies whose terms in force require the federal Common Forms for the
 * biographical sketch and current and pending (other) support: NSF (PAPPG), NIH (NOT-OD-26-018,
 * due dates from 25 January 2026) and DOE (Common Forms in SciENcv, funding opportunities published
 * from 1 January 2026). The Common Forms are sections "of an application for federal research and
 * development grants or cooperative agreements" (NSF, NSPM-33 Implementation Guidance: Pre- and
 * Post-award Disclosures, https://new.nsf.gov/bfa/dias/policy/nspm-33-implementation-guidance, read
 * 2026-11-29), so an organization holding only contracts from them is not asked.
 */
export const COMMON_FORMS_AGENCIES: Condition = { grants: ['nsf', 'nih', 'doe'] };
/**
 * Grant recipients of the agencies whose terms in force carry the malign foreign talent recruitment
 * program certification and the disclosure of talent program participation, both on the Common
 * Forms: NSF (PAPPG and Research.gov), NIH (NOT-OD-26-018) and DOE (Common Forms in SciENcv for
 * funding opportunities published from 1 January 2026). Each puts them in its proposal and award
 * terms for grants and cooperative agreements. CHIPS Act §10631-10632 direct every agency to do so;
 * DoD's policy is known here only from summaries (dodFtrp2023), so DoD alone does not gate.
 */
export const TALENT_PROGRAM_AGENCIES: Condition = { grants: ['nsf', 'nih', 'doe'] };
export const IHE: Condition = { kinds: ['ihe'] };
/** The kinds the covered-institution definition can reach (a company never can). */
export const MAY_BE_COVERED: Condition = { kinds: [...KINDS_THAT_MAY_BE_COVERED] };
export const COVERED: Condition = { covered: true };
export const CUI_FCI: Condition = { activities: ['cui_fci'] };
export const EXPORT_CONTROLLED: Condition = { activities: ['export_controlled'] };
export const CONTROLLED_ACCESS_DATA: Condition = { activities: ['controlled_access_data'] };
export const FOREIGN_GIFTS: Condition = { activities: ['foreign_gifts'] };
export const FOREIGN_COMPONENTS: Condition = { activities: ['foreign_components'] };
export const DOJ_DSP: Condition = { activities: ['doj_dsp'] };
/** Approved users of NIH controlled-access data repositories (the scope of NIH NOT-OD-24-157, NOT-OD-25-083 and NOT-OD-25-159). */
export const NIH_CONTROLLED_ACCESS: Condition = { activities: ['nih_controlled_access'] };
/** Controlled-access human data of any source, NIH repositories included: asked of both, gated only for NIH (NIH_CONTROLLED_ACCESS). */
export const ANY_CONTROLLED_ACCESS: Condition = { activities: ['controlled_access_data', 'nih_controlled_access'] };
/** Holders of human biospecimens supported by NIH funds (NIH NOT-OD-25-160). */
export const NIH_BIOSPECIMENS: Condition = { activities: ['nih_biospecimens'] };

/** A duty due every year, with no fixed calendar date, set by one source of the register. */
export const yearly = (summary: string, source: string): LegalClock => ({ summary, recurrence: 'annual', months: 12, dates: [], starts: null, source });
