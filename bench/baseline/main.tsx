// The benches' baseline page: React 19 and nothing else, built by Vite like the platform's client.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const Counter = () => {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Hello</h1>
      <button type="button" onClick={() => setCount(count + 1)}>
        Clicked {count} times
      </button>
    </main>
  );
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Counter />
  </StrictMode>,
);
