import { NO_CONTROL_RIGHT, type SiteDetail } from '@app/contracts';
import { rootReducer } from '../app/root.reducer';
import { HOLDER_ACCESS } from '../shared/site-rights.util';
import { siteSummaryOf } from '../../test/site-summary.fixture';
import {
  HOLDER_ACCESS_OF_KEY,
  TECHNICIAN_BY_COMPANY,
  VIEWER_BY_INVITATION,
} from '../site-access/fake-site-access-api.fixtures';
import { selectNoControlReason, selectSiteAccess } from './site-rights.selectors';
import { siteDetailLoaded, sitesLoaded } from './sites.slice';

const held = '0011aabbcc01';
const shared = '0011aabbcc02';
const watched = '0011aabbcc03';
const older = '0011aabbcc04';
const detailOnly = '0011aabbcc05';

describe("the user's rights on a site", () => {
  const listed = rootReducer(
    undefined,
    sitesLoaded([
      siteSummaryOf(held, { access: HOLDER_ACCESS_OF_KEY }),
      siteSummaryOf(shared, { access: TECHNICIAN_BY_COMPANY }),
      siteSummaryOf(watched, { access: VIEWER_BY_INVITATION }),
      // A server from before roles sends no access.
      siteSummaryOf(older),
    ]),
  );
  const detail = (hwaddr: string, changes: Partial<SiteDetail>): SiteDetail => ({
    ...siteSummaryOf(hwaddr),
    connected: true,
    cloudControl: true,
    networks: [],
    ...changes,
  });

  it("reads how the user reaches each listed site; one the API says nothing of is its holder's", () => {
    expect([held, shared, watched, older].map((hwaddr) => selectSiteAccess(listed, hwaddr))).toEqual([
      HOLDER_ACCESS_OF_KEY,
      TECHNICIAN_BY_COMPANY,
      VIEWER_BY_INVITATION,
      HOLDER_ACCESS,
    ]);
    expect(selectSiteAccess(listed, detailOnly)).toBeUndefined();
  });

  it('gives the reason of disabled controls to a viewer only, and none while the site is not known', () => {
    expect([held, shared, watched, older, detailOnly].map((hwaddr) => selectNoControlReason(listed, hwaddr))).toEqual([
      null,
      null,
      NO_CONTROL_RIGHT,
      null,
      null,
    ]);
  });

  it("takes the list's word over the site's data (the list is read again on AUTH_CHK), the data's without the list", () => {
    const state = [
      siteDetailLoaded(detail(watched, { access: HOLDER_ACCESS_OF_KEY })),
      siteDetailLoaded(detail(detailOnly, { access: VIEWER_BY_INVITATION })),
    ].reduce(rootReducer, listed);
    expect(selectNoControlReason(state, watched)).toBe(NO_CONTROL_RIGHT);
    expect(selectSiteAccess(state, detailOnly)).toEqual(VIEWER_BY_INVITATION);
  });
});
