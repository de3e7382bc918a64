import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from './lib/router';
import { Spinner } from './components/Spinner';
import { HostStrings } from './i18n';

// Each route is its own chunk so a guest never downloads the admin screens. The host's pages (admin, the
// couple's settings, print) load the host side's strings first (HostStrings).
const LandingPage = lazy(() => import('./pages/landing/LandingPage'));
const EventPage = lazy(() => import('./pages/event/EventPage'));
const RecoverPage = lazy(() => import('./pages/recover/RecoverPage'));
const LegalPage = lazy(() => import('./pages/legal/LegalPage'));
const AdminLoginPage = lazy(() => import('./pages/admin/AdminLoginPage'));
const AdminDashboardPage = lazy(() => import('./pages/admin/AdminDashboardPage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const PrintPage = lazy(() => import('./pages/print/PrintPage'));
const GuestbookPrintPage = lazy(() => import('./pages/print/GuestbookPrintPage'));
const WallPage = lazy(() => import('./pages/wall/WallPage'));

const Host = ({ children }: { children: ReactNode }) => <HostStrings fallback={<Spinner fullscreen />}>{children}</HostStrings>;

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Spinner fullscreen />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/event/:code" element={<EventPage />} />
          <Route path="/event/:code/recover/:userId" element={<RecoverPage />} />
          {/* a link cut off before the user id still reaches the page, which says it is invalid */}
          <Route path="/event/:code/recover" element={<RecoverPage />} />
          <Route path="/event/:code/wall" element={<WallPage />} />
          <Route
            path="/event/:token/settings"
            element={
              <Host>
                <SettingsPage />
              </Host>
            }
          />
          <Route path="/impressum" element={<LegalPage kind="impressum" />} />
          <Route path="/datenschutz" element={<LegalPage kind="datenschutz" />} />
          <Route
            path="/admin"
            element={
              <Host>
                <AdminLoginPage />
              </Host>
            }
          />
          <Route
            path="/admin/dashboard"
            element={
              <Host>
                <AdminDashboardPage />
              </Host>
            }
          />
          <Route
            path="/print/:eventId"
            element={
              <Host>
                <PrintPage />
              </Host>
            }
          />
          <Route
            path="/print/:eventId/guestbook"
            element={
              <Host>
                <GuestbookPrintPage />
              </Host>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
