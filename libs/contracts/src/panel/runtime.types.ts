/** A panel network's runtime report (spec section 3, "Realtime report"). */
export interface RuntimeReport {
  zones: {
    /** Ids of zones in fire. */
    fire: number[];
    /** Ids of zones in fault. */
    fault: number[];
  };
  disabled: {
    sounders: boolean;
  };
}

export const EMPTY_RUNTIME_REPORT: RuntimeReport = { zones: { fire: [], fault: [] }, disabled: { sounders: false } };
