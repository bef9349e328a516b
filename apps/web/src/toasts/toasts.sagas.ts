import { TOAST_AUTO_DISMISS_MS } from '@app/contracts';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createElement } from 'react';
import { toast } from 'react-toastify';
import { all, call, takeEvery } from 'typed-redux-saga';
import type { ToastSpec } from './toast.types';
import { ToastBody } from './toast-body.component';
import { toastRequested, toastsRequested } from './toasts.slice';

export function showToast(spec: ToastSpec): void {
  toast(createElement(ToastBody, { title: spec.title, text: spec.text, badge: spec.badge }), {
    type: spec.kind,
    autoClose: spec.durationMs ?? TOAST_AUTO_DISMISS_MS,
  });
}

export function* toastsSaga() {
  yield* all([
    takeEvery(toastRequested.type, function* show(action: PayloadAction<ToastSpec>) {
      yield* call(showToast, action.payload);
    }),
    takeEvery(toastsRequested.type, function* showAll(action: PayloadAction<ToastSpec[]>) {
      for (const spec of action.payload) yield* call(showToast, spec);
    }),
  ]);
}
