import 'altcha';
import 'altcha/i18n/vi';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/** Widget configuration that has no attribute of its own. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideLogo: true, hideFooter: true });

export interface HumanCheckProps {
  /** URL of the ALTCHA challenge endpoint. */
  challengeUrl: string;
  /** The widget solved the challenge; `payload` goes to the server as `altcha`. */
  onVerified: (payload: string) => void;
  /** Any other state (unverified, verifying, expired, error): the payload is no longer usable. */
  onReset: () => void;
  language?: string;
}

export interface HumanCheckHandle {
  /** Starts over with a fresh challenge (each payload is accepted once by the server). */
  reset: () => void;
}

interface StateChangeDetail {
  state?: string;
  payload?: string;
}

/** The ALTCHA proof-of-work "I am not a robot" check, as a React component. */
export const HumanCheck = forwardRef<HumanCheckHandle, HumanCheckProps>(function HumanCheck(
  { challengeUrl, onVerified, onReset, language = 'vi' },
  ref,
) {
  const widgetRef = useRef<HTMLElement>(null);
  const callbacks = useRef({ onVerified, onReset });
  callbacks.current = { onVerified, onReset };

  useImperativeHandle(ref, () => ({
    reset: () => {
      const widget = widgetRef.current as AltchaWidgetElement | null;
      if (typeof widget?.reset === 'function') widget.reset();
      callbacks.current.onReset();
    },
  }));

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail;
      if (detail?.state === 'verified' && detail.payload) callbacks.current.onVerified(detail.payload);
      else callbacks.current.onReset();
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  return (
    <div className="human-check">
      <altcha-widget
        ref={widgetRef}
        challenge={challengeUrl}
        language={language}
        configuration={WIDGET_CONFIGURATION}
        name="altcha"
        data-testid="human-check"
      />
    </div>
  );
});
