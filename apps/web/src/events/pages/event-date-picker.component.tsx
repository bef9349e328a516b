import DatePicker from 'react-datepicker';
import { DATE_PICKER_FORMAT_DATE_FNS, parsePickerDate } from '@app/contracts';
import { pickerDateOf, utcIsoOfPicked } from '../picker-date.util';

/** A DD/MM/YYYY picker that passes on only valid dates (spec 5, "Date filter"). */
export function EventDatePicker({ id, value, onPick }: { id: string; value: string; onPick: (utcIso: string) => void }) {
  return (
    <DatePicker
      id={id}
      name={id}
      className="form-control"
      selected={pickerDateOf(value)}
      dateFormat={DATE_PICKER_FORMAT_DATE_FNS}
      strictParsing
      onChange={(date: Date | null) => {
        if (date) onPick(utcIsoOfPicked(date));
      }}
      onChangeRaw={(event) => {
        const text = (event?.target as HTMLInputElement | undefined)?.value;
        const parsed = text === undefined ? null : parsePickerDate(text);
        if (parsed) onPick(parsed.toISOString());
      }}
    />
  );
}
