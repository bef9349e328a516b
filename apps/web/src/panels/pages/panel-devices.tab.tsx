import { Fragment, useMemo, useState } from 'react';
import { Button, Form, InputGroup, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES, zoneBadgeNumber } from '@app/contracts';
import { useAppSelector } from '../../shared/store-hooks';
import { zoneRowsOf } from '../panel-view.util';
import { selectPanelNetwork } from '../panels.selectors';
import { ModeIcon } from './mode-icon.component';

/** Zones, each followed by its devices, with a filter and Show/Hide Empty Zones (spec 2.14). */
export function PanelDevicesTab({ hwaddr, networkId, base }: { hwaddr: string; networkId: number; base: string }) {
  const network = useAppSelector((state) => selectPanelNetwork(state, hwaddr, networkId));
  const [filter, setFilter] = useState('');
  const [showEmpty, setShowEmpty] = useState(false);
  const rows = useMemo(
    () => (network ? zoneRowsOf(network, base, filter, showEmpty) : []),
    [network, base, filter, showEmpty],
  );
  if (!network) return null;

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <InputGroup className="devices-filter">
          <Form.Control
            placeholder="Filter devices"
            aria-label="Filter devices"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <Button variant="outline-secondary" onClick={() => setFilter('')} disabled={filter === ''}>
            Clear
          </Button>
        </InputGroup>
        <Button variant="outline-secondary" onClick={() => setShowEmpty(!showEmpty)}>
          {showEmpty ? 'Hide Empty Zones' : 'Show Empty Zones'}
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-muted">{MESSAGES.noDevicesFound}</p>
      ) : (
        <Table size="sm" responsive className="devices-table">
          <tbody>
            {rows.map((zone) => (
              <Fragment key={zone.id}>
                <tr className="table-secondary zone-row" data-zone-id={zone.id}>
                  <td>
                    <ModeIcon mode={zone.mode} />
                  </td>
                  <th scope="rowgroup" colSpan={2}>
                    Zone {zoneBadgeNumber(zone.id)}: {zone.name}
                  </th>
                  <td className="text-end">
                    <Link to={zone.link} aria-label={`Edit zone ${zone.name}`}>
                      Edit
                    </Link>
                  </td>
                </tr>
                {zone.devices.map((device) => (
                  <tr key={device.key} className="device-row" data-device={device.key}>
                    <td className="ps-3">
                      <ModeIcon mode={device.mode} />
                    </td>
                    <td>{device.name}</td>
                    <td className="text-muted">{device.typeName}</td>
                    <td className="text-end">
                      <Link to={device.link} aria-label={`Edit device ${device.name}`}>
                        Edit
                      </Link>
                    </td>
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
