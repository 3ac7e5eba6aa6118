import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorBox } from './error-box';

function Failing() {
  const [error, setError] = useState<string | null>('Something went wrong on our side.');
  return error ? <ErrorBox message={error} onRetry={() => setError(null)} /> : <p>Cleared</p>;
}

describe('error box', () => {
  it("shows the message, and 'Try again' clears it", async () => {
    render(<Failing />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Cleared')).toBeInTheDocument();
  });
});
