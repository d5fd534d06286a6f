import type { CSSProperties } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

// Off-screen rather than display:none, which some robots recognise and skip.
const OFF_SCREEN: CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
};

/**
 * A field people never see, hear or reach with the keyboard (aria-hidden, out of the tab
 * order, off-screen); a robot that fills every field fills it, and the server then drops the
 * message while answering as if it were sent.
 */
export function Honeypot({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div style={OFF_SCREEN} aria-hidden="true">
      <label htmlFor="contact-website">Website</label>
      <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
