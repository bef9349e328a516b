import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The spec's hash links (#privacy, #help, #logout) lead to the routes of the same name. */
const HASH_ROUTES: Record<string, string> = { '#privacy': '/privacy', '#help': '/help', '#logout': '/logout' };

export function HashLinks() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = HASH_ROUTES[hash];
    if (target) void navigate(target, { replace: true });
  }, [hash, navigate]);
  return null;
}
