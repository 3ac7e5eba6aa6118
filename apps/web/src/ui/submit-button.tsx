import type { ButtonHTMLAttributes } from 'react';

/**
 * A form's submit button that does not take focus when pressed. Taking focus would blur the
 * field being typed in, show that field's error, push the button down, and make the press miss it.
 */
export function SubmitButton({ onMouseDown, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...props}
      onMouseDown={(event) => {
        event.preventDefault();
        onMouseDown?.(event);
      }}
    />
  );
}
