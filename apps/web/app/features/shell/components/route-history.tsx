import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

const HistoryContext = createContext<{ stack: string[] } | null>(null);

/** Keeps the routes visited in this tab, so a back action can return to the previous one. */
export function RouteHistoryProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const stackRef = useRef<string[]>([]);
  useEffect(() => {
    const path = location.pathname + location.search;
    const stack = stackRef.current;
    if (stack[stack.length - 1] !== path) stack.push(path);
    if (stack.length > 50) stack.shift();
  }, [location.pathname, location.search]);
  return <HistoryContext.Provider value={{ stack: stackRef.current }}>{children}</HistoryContext.Provider>;
}

/** Goes to the previous route of this visit, or to the home page when there is none. */
export function useBack(homePath: string): () => void {
  const history = useContext(HistoryContext);
  const navigate = useNavigate();
  return () => {
    const stack = history?.stack ?? [];
    if (stack.length > 1) {
      stack.pop();
      const previous = stack.pop() as string;
      navigate(previous);
    } else {
      navigate(homePath);
    }
  };
}
