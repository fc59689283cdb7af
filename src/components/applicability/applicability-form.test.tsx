// Component test in real Chromium (vitest project 'component'): the applicability profile form
// validates with the domain schema, keeps a company out of "covered institution", sends the
// profile in the domain's own order, and keeps every choice when a save fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import {
  ACTIVITY_LABELS,
  COMPANY_NOT_COVERED_MESSAGE,
  COVERED_INSTITUTION_DEFINITION,
  describeProfile,
  ORGANIZATION_KIND_LABELS,
  type ApplicabilityProfile,
} from '#domain/questions/applicability.ts';
import { MSG } from '#domain/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { renderComponent } from '../../../tests/component/render.tsx';
import { ApplicabilityForm, ApplicabilitySummary, NETWORK_SAVE_FAILED, OFFLINE_NOTICE } from './applicability-form.tsx';

const covered = () => page.getByRole('checkbox', { name: 'The organization is a covered institution' });
const kind = (k: keyof typeof ORGANIZATION_KIND_LABELS) => page.getByRole('radio', { name: ORGANIZATION_KIND_LABELS[k] });
const save = () => page.getByRole('button', { name: 'Save profile' });
/** One agency's instrument checkbox, inside that agency's group. */
const instrument = (agency: string, name: 'Grants or cooperative agreements' | 'Contracts') =>
  page.getByRole('group', { name: agency, exact: true }).getByRole('checkbox', { name, exact: true });

/** A promise the test settles itself, to look at the form while a save is running. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ApplicabilityForm', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    Reflect.deleteProperty(navigator, 'onLine');
  });

  it('disables and unchecks "covered institution" for a company, and says why', async () => {
    unmount = renderComponent(<ApplicabilityForm initial={null} onSave={async () => {}} />);
    await expect.element(page.getByText(COVERED_INSTITUTION_DEFINITION)).toBeVisible();
    await kind('ihe').click();
    await covered().click();
    await expect.element(covered()).toBeChecked();

    await kind('company').click();
    await expect.element(covered()).toBeDisabled();
    await expect.element(covered()).not.toBeChecked();
    await expect.element(page.getByText(COMPANY_NOT_COVERED_MESSAGE)).toBeVisible();
    // The checkbox names the definition and the company rule as its description.
    await expect.element(covered()).toHaveAccessibleDescription(expect.stringContaining(COMPANY_NOT_COVERED_MESSAGE));

    await kind('nonprofit').click();
    await expect.element(covered()).toBeEnabled();
    await expect.element(covered()).not.toBeChecked();
    await expect.element(page.getByText(COMPANY_NOT_COVERED_MESSAGE)).not.toBeInTheDocument();
  });

  it('refuses a profile without a kind of organization, focuses the choice and sends nothing', async () => {
    const onSave = vi.fn(async () => {});
    unmount = renderComponent(<ApplicabilityForm initial={null} onSave={onSave} />);
    await save().click();
    await expect.element(page.getByText('Choose the kind of organization')).toBeVisible();
    await expect.element(kind('ihe')).toHaveFocus();
    await expect.element(kind('ihe')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();

    // Choosing a kind clears the error; the profile then goes out.
    await kind('ffrdc').click();
    await expect.element(page.getByText('Choose the kind of organization')).not.toBeInTheDocument();
    await save().click();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith({ kind: 'ffrdc', covered: false, agencies: [], instruments: {}, activities: [] }));
  });

  it('sends the chosen profile, agencies and activities in the domain order whatever the click order', async () => {
    const onSave = vi.fn(async (_p: ApplicabilityProfile) => {});
    unmount = renderComponent(<ApplicabilityForm initial={null} onSave={onSave} />);
    await kind('ihe').click();
    await covered().click();
    await page.getByRole('checkbox', { name: 'DoD', exact: true }).click();
    await page.getByRole('checkbox', { name: 'NSF', exact: true }).click();
    await page.getByRole('checkbox', { name: ACTIVITY_LABELS.nih_biospecimens }).click();
    await page.getByRole('checkbox', { name: ACTIVITY_LABELS.doj_dsp }).click();
    await page.getByRole('checkbox', { name: ACTIVITY_LABELS.nih_controlled_access }).click();
    await page.getByRole('checkbox', { name: ACTIVITY_LABELS.cui_fci }).click();
    // Checked then unchecked: not sent.
    await page.getByRole('checkbox', { name: 'NIH', exact: true }).click();
    await instrument('NIH', 'Contracts').click();
    await page.getByRole('checkbox', { name: 'NIH', exact: true }).click();
    await expect.element(page.getByRole('group', { name: 'NIH', exact: true })).not.toBeInTheDocument();
    await instrument('DoD', 'Contracts').click();
    await instrument('DoD', 'Grants or cooperative agreements').click();
    await instrument('NSF', 'Grants or cooperative agreements').click();
    await save().click();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      kind: 'ihe',
      covered: true,
      agencies: ['nsf', 'dod'],
      instruments: { nsf: ['grant'], dod: ['grant', 'contract'] },
      activities: ['cui_fci', 'doj_dsp', 'nih_controlled_access', 'nih_biospecimens'],
    });
  });

  it('asks for grants, contracts or both for each agency: names the agency, focuses its first choice, sends nothing', async () => {
    const onSave = vi.fn(async (_p: ApplicabilityProfile) => {});
    unmount = renderComponent(<ApplicabilityForm initial={null} onSave={onSave} />);
    await kind('ihe').click();
    await page.getByRole('checkbox', { name: 'NSF', exact: true }).click();
    await page.getByRole('checkbox', { name: 'DOE', exact: true }).click();
    await instrument('NSF', 'Grants or cooperative agreements').click();
    await save().click();
    const message = MSG.instrumentsMissing('DOE');
    await expect.element(page.getByText(message)).toBeVisible();
    await expect.element(instrument('DOE', 'Grants or cooperative agreements')).toHaveFocus();
    await expect.element(page.getByRole('group', { name: 'DOE', exact: true })).toHaveAccessibleDescription(message);
    await expect.element(instrument('DOE', 'Contracts')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();

    await instrument('DOE', 'Contracts').click();
    await expect.element(page.getByText(message)).not.toBeInTheDocument();
    await save().click();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith({ kind: 'ihe', covered: false, agencies: ['nsf', 'doe'], instruments: { nsf: ['grant'], doe: ['contract'] }, activities: [] }));
  });

  it('starts from the saved profile, its instruments checked', async () => {
    const initial: ApplicabilityProfile = { kind: 'ffrdc', covered: true, agencies: ['doe'], instruments: { doe: ['contract'] }, activities: [] };
    const onSave = vi.fn(async (_p: ApplicabilityProfile) => {});
    unmount = renderComponent(<ApplicabilityForm initial={initial} onSave={onSave} />);
    await expect.element(instrument('DOE', 'Contracts')).toBeChecked();
    await expect.element(instrument('DOE', 'Grants or cooperative agreements')).not.toBeChecked();
    await save().click();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith(initial));
  });

  it('starts a profile saved before instruments were asked with none chosen, so saving confirms them', async () => {
    const initial: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['dod'], activities: ['export_controlled'] };
    const onSave = vi.fn(async (_p: ApplicabilityProfile) => {});
    unmount = renderComponent(<ApplicabilityForm initial={initial} onSave={onSave} />);
    await expect.element(kind('company')).toBeChecked();
    await expect.element(covered()).toBeDisabled();
    await expect.element(page.getByRole('checkbox', { name: 'DoD', exact: true })).toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: ACTIVITY_LABELS.export_controlled })).toBeChecked();
    await expect.element(instrument('DoD', 'Contracts')).not.toBeChecked();
    await save().click();
    await expect.element(page.getByText(MSG.instrumentsMissing('DoD'))).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
    await instrument('DoD', 'Contracts').click();
    await save().click();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith({ ...initial, instruments: { dod: ['contract'] } }));
  });

  it('disables Save while saving, and keeps every choice with the server’s message when the save fails', async () => {
    const pending = deferred();
    const onSave = vi.fn(() => pending.promise);
    unmount = renderComponent(<ApplicabilityForm initial={null} onSave={onSave} />);
    await kind('nonprofit').click();
    await page.getByRole('checkbox', { name: 'NIH', exact: true }).click();
    await instrument('NIH', 'Grants or cooperative agreements').click();
    await save().click();
    await expect.element(save()).toBeDisabled();
    await save().click({ force: true });
    expect(onSave).toHaveBeenCalledTimes(1);

    pending.reject(new ApiError({ ok: false, kind: 'http', status: 400, message: 'Unknown funding agency' }, { error: 'Unknown funding agency' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent(MSG.applicabilitySaveFailed);
    await expect.element(page.getByRole('alert')).toHaveTextContent('Unknown funding agency');
    await expect.element(save()).toBeEnabled();
    await expect.element(kind('nonprofit')).toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: 'NIH', exact: true })).toBeChecked();
    await expect.element(instrument('NIH', 'Grants or cooperative agreements')).toBeChecked();
  });

  it('says plainly when the server cannot be reached, and offline disables Save', async () => {
    unmount = renderComponent(
      <ApplicabilityForm
        initial={null}
        onSave={() => Promise.reject(new ApiError({ ok: false, kind: 'network', status: 0, message: 'Request failed' }))}
      />,
    );
    await kind('company').click();
    await save().click();
    await expect.element(page.getByRole('alert')).toHaveTextContent(NETWORK_SAVE_FAILED);
    await expect.element(kind('company')).toBeChecked();

    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
    await expect.element(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    await expect.element(save()).toBeDisabled();

    Reflect.deleteProperty(navigator, 'onLine');
    window.dispatchEvent(new Event('online'));
    await expect.element(save()).toBeEnabled();
  });
});

describe('ApplicabilitySummary', () => {
  it('reads the profile out, one line per part', async () => {
    const profile: ApplicabilityProfile = { kind: 'ihe', covered: true, agencies: ['nsf', 'nih'], activities: [] };
    const unmount = renderComponent(<ApplicabilitySummary profile={profile} />);
    for (const line of describeProfile(profile)) {
      await expect.element(page.getByRole('term').filter({ hasText: line.label })).toBeVisible();
      await expect.element(page.getByText(line.value, { exact: true })).toBeVisible();
    }
    await expect.element(page.getByText('NSF, NIH')).toBeVisible();
    unmount();
  });
});
