import { TOAST_AUTO_DISMISS_MS } from '@app/contracts';
import type { PayloadAction } from '@reduxjs/toolkit';
import { eventChannel } from 'redux-saga';
import { createElement } from 'react';
import { toast, type ToastOptions } from 'react-toastify';
import { all, call, put, take, takeEvery } from 'typed-redux-saga';
import type { ToastSpec } from './toast.types';
import { ChangingToastBody, ToastBody } from './toast-body.component';
import { ALARM_TOASTS_CONTAINER } from './toasts.constants';
import { toastClosed, toastRequested, toastsRequested } from './toasts.slice';

function optionsOf(spec: ToastSpec): ToastOptions {
  return {
    type: spec.kind,
    autoClose: spec.durationMs ?? TOAST_AUTO_DISMISS_MS,
    ...(spec.alarm ? { containerId: ALARM_TOASTS_CONTAINER } : {}),
  };
}

/** `issued`: the ids of the changing toasts shown or waiting their turn, until react-toastify says they left. */
function showToast(issued: Set<string>, spec: ToastSpec): void {
  if (spec.id === undefined) {
    toast(createElement(ToastBody, { title: spec.title, text: spec.text, badge: spec.badge }), optionsOf(spec));
    return;
  }
  const withId = { ...spec, id: spec.id };
  if (!issued.has(spec.id)) {
    issued.add(spec.id);
    toast(createElement(ChangingToastBody, { spec: withId }), { ...optionsOf(spec), toastId: spec.id });
  } else if (toast.isActive(spec.id)) {
    // Its body reads its text from the store; the update starts its time on screen again.
    toast.update(spec.id, optionsOf(spec));
  }
  // Else it waits its turn: it shows the latest text and its full time when it appears.
}

/** The ids of the changing toasts that leave the screen (timed out, closed by the user). */
function closedToasts(issued: Set<string>) {
  return eventChannel<string>((emit) =>
    toast.onChange((item) => {
      const id = String(item.id);
      if (item.status === 'removed' && issued.delete(id)) emit(id);
    }),
  );
}

function* reportClosedToasts(issued: Set<string>) {
  const channel = yield* call(closedToasts, issued);
  try {
    while (true) yield* put(toastClosed({ id: yield* take(channel) }));
  } finally {
    channel.close();
  }
}

/** Toasts are side effects: shown here with react-toastify, as the store's toasts actions ask. */
export function* toastsSaga() {
  const issued = new Set<string>();
  yield* all([
    takeEvery(toastRequested.type, function* show(action: PayloadAction<ToastSpec>) {
      yield* call(showToast, issued, action.payload);
    }),
    takeEvery(toastsRequested.type, function* showAll(action: PayloadAction<ToastSpec[]>) {
      for (const spec of action.payload) yield* call(showToast, issued, spec);
    }),
    call(reportClosedToasts, issued),
  ]);
}
