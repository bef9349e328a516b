import type { PanelStrings, StringsRequest } from '@app/contracts';
import { collectProblems, panelTextProblem, type FormProblems } from '../form-checks.util';

/** The About screen's four texts (spec 2.15), named as the panel names them. */
export const STRINGS_FIELDS: ReadonlyArray<{ field: keyof PanelStrings; label: string }> = [
  { field: 'strName', label: 'Network name (RS485)' },
  { field: 'strCompany', label: 'Installer' },
  { field: 'strSite', label: 'Site' },
  { field: 'strPhoneNumber', label: 'Phone Number' },
];

export function stringsProblems(form: PanelStrings): FormProblems<keyof PanelStrings> {
  return collectProblems(STRINGS_FIELDS.map(({ field, label }) => [field, panelTextProblem(label, form[field])]));
}

export function stringsRequestOf(form: PanelStrings): StringsRequest {
  return {
    panelName: form.strName,
    panelCompanyName: form.strCompany,
    panelSiteName: form.strSite,
    panelPhoneNumber: form.strPhoneNumber,
  };
}
