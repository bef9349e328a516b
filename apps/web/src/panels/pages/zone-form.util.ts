import { isSelectableMode, type ZoneConfig } from '@app/contracts';
import { collectProblems, panelTextProblem, type FormProblems } from '../form-checks.util';

export function zoneProblems(form: ZoneConfig): FormProblems<'name' | 'mode'> {
  return collectProblems<'name' | 'mode'>([
    ['name', panelTextProblem('Name', form.name)],
    ['mode', isSelectableMode(form.mode) ? null : 'Choose a mode.'],
  ]);
}
