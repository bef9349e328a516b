import { TOAST_AUTO_DISMISS_MS } from '@app/contracts';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createElement } from 'react';
import { toast } from 'react-toastify';
import { call, takeEvery } from 'typed-redux-saga';
import type { ToastSpec } from './toast.types';
import { ToastBody } from './toast-body.component';
import { toastRequested } from './toasts.slice';

export function showToast(spec: ToastSpec): void {
  toast(createElement(ToastBody, { title: spec.title, text: spec.text }), {
    type: spec.kind,
    autoClose: spec.durationMs ?? TOAST_AUTO_DISMISS_MS,
  });
}

export function* toastsSaga() {
  yield* takeEvery(toastRequested.type, function* show(action: PayloadAction<ToastSpec>) {
    yield* call(showToast, action.payload);
  });
}
