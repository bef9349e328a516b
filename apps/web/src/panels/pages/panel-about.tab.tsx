import { useMemo } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { PANEL_TEXT_MAX_LENGTH, type PanelStrings } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectPanelForm, selectPanelFrame, selectPanelNetwork } from '../panels.selectors';
import { panelStringsSaveRequested } from '../panels.slice';
import { STRINGS_FIELDS, stringsProblems, stringsRequestOf } from './strings-form.util';
import { SyncClockButton } from './sync-clock.button';
import { useDirtyForm } from './use-dirty-form.hook';
import { PanelClockLine } from '../../panel-clock/pages/panel-clock-line.component';

/** The panel's texts, zone count and connection (spec 2.15), and Sync panel clock. */
export function PanelAboutTab({ hwaddr, networkId }: { hwaddr: string; networkId: number }) {
  const dispatch = useAppDispatch();
  const frame = useAppSelector((state) => selectPanelFrame(state, hwaddr, networkId));
  const network = useAppSelector((state) => selectPanelNetwork(state, hwaddr, networkId));
  const status = useAppSelector((state) => selectPanelForm(state, 'strings'));
  const { strName, strSite, strCompany, strPhoneNumber } = network ?? {
    strName: '',
    strSite: '',
    strCompany: '',
    strPhoneNumber: '',
  };
  const present = network !== undefined;
  const source = useMemo<PanelStrings | undefined>(
    () => (present ? { strName, strSite, strCompany, strPhoneNumber } : undefined),
    // The texts decide; a runtime report replacing the network object changes nothing here.
    [present, strName, strSite, strCompany, strPhoneNumber],
  );
  const form = useDirtyForm(source, status);
  if (!form.values || !network) return null;
  const values = form.values;
  const problems = stringsProblems(values);
  const disabled = !frame.canControl || status.pending;

  return (
    <Form
      noValidate
      title={frame.noControlReason ?? undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.keys(problems).length > 0) return;
        form.sending();
        dispatch(panelStringsSaveRequested({ target: { hwaddr, networkId }, request: stringsRequestOf(values) }));
      }}
    >
      {STRINGS_FIELDS.map(({ field, label }) => (
        <Form.Group className="mb-3" controlId={`about-${field}`} key={field}>
          <Form.Label>{label}</Form.Label>
          <Form.Control
            value={values[field]}
            maxLength={PANEL_TEXT_MAX_LENGTH}
            disabled={disabled}
            isInvalid={problems[field] !== undefined}
            onChange={(event) => form.change({ [field]: event.target.value })}
          />
          <Form.Control.Feedback type="invalid">{problems[field]}</Form.Control.Feedback>
          <Form.Text muted>At most {PANEL_TEXT_MAX_LENGTH} characters.</Form.Text>
        </Form.Group>
      ))}
      <Table size="sm" className="w-auto">
        <tbody>
          <tr>
            <th scope="row">Zones</th>
            <td data-testid="about-zones">{network.zones.length}</td>
          </tr>
          <tr>
            <th scope="row">Connected?</th>
            <td data-testid="about-connected">{frame.connected ? 'Yes' : 'No'}</td>
          </tr>
          <tr>
            <th scope="row">Clock</th>
            <td>
              <PanelClockLine hwaddr={hwaddr} />
              <SyncClockButton hwaddr={hwaddr} networkId={networkId} size="sm" />
            </td>
          </tr>
        </tbody>
      </Table>
      <Button
        type="submit"
        disabled={!form.dirty || disabled || Object.keys(problems).length > 0}
        title={frame.noControlReason ?? undefined}
      >
        {status.pending ? 'Saving...' : 'Save'}
      </Button>
    </Form>
  );
}
