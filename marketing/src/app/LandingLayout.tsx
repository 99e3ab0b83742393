import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Footer } from '../components/Footer';

/** Scrolls to the element named by the URL hash once the (lazy) page has rendered. */
function useScrollToHash() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const element = document.getElementById(id);
    if (element) element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, pathname]);
}

/** Every landing page: its sections, then the footer. */
export function LandingLayout({ children, withFooter = true }: { children: ReactNode; withFooter?: boolean }) {
  useScrollToHash();
  return (
    <div className="cz-marketing">
      {children}
      {withFooter && <Footer />}
    </div>
  );
}
