import DatePicker from 'react-datepicker';
import { DATE_PICKER_FORMAT_DATE_FNS, parsePickerDate } from '@app/contracts';
import { pickerDateOf, utcIsoOfPicked } from '../picker-date.util';

/**
 * A DD/MM/YYYY picker that passes on only valid dates (spec 5, "Date filter"), once per pick: typed
 * text is checked here (the picker's own parse would take a two-digit year), so the picker's own
 * change for the same keystroke is ignored; a day chosen in the calendar comes through onChange.
 */
export function EventDatePicker({
  id,
  value,
  invalid = false,
  onPick,
}: {
  id: string;
  value: string;
  invalid?: boolean;
  onPick: (utcIso: string) => void;
}) {
  return (
    <DatePicker
      id={id}
      name={id}
      className={invalid ? 'form-control is-invalid' : 'form-control'}
      selected={pickerDateOf(value)}
      dateFormat={DATE_PICKER_FORMAT_DATE_FNS}
      strictParsing
      onChange={(date: Date | null, event?: { type: string }) => {
        if (date && event?.type !== 'change') onPick(utcIsoOfPicked(date));
      }}
      onChangeRaw={(event) => {
        if (event?.type !== 'change') return;
        const text = (event.target as HTMLInputElement | undefined)?.value;
        const parsed = text === undefined ? null : parsePickerDate(text);
        if (parsed) onPick(parsed.toISOString());
      }}
    />
  );
}
