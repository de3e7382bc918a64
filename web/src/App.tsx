import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from './components/Spinner';
import { HostStrings } from './i18n';

// Each route is its own chunk so a guest never downloads the admin screens.
const LandingPage = lazy(() => import('./pages/landing/LandingPage'));
const EventPage = lazy(() => import('./pages/event/EventPage'));
const RecoverPage = lazy(() => import('./pages/recover/RecoverPage'));
const LegalPage = lazy(() => import('./pages/legal/LegalPage'));
const AdminLoginPage = lazy(() => import('./pages/admin/AdminLoginPage'));
const AdminDashboardPage = lazy(() => import('./pages/admin/AdminDashboardPage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const PrintPage = lazy(() => import('./pages/print/PrintPage'));
const WallPage = lazy(() => import('./pages/wall/WallPage'));

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
          <Route path="/event/:token/settings" element={<SettingsPage />} />
          <Route path="/impressum" element={<LegalPage kind="impressum" />} />
          <Route path="/datenschutz" element={<LegalPage kind="datenschutz" />} />
          <Route path="/admin" element={<AdminLoginPage />} />
          {/* the dashboard's albums dialog shares the couple's album form, which reads the host strings */}
          <Route
            path="/admin/dashboard"
            element={
              <HostStrings fallback={<Spinner fullscreen />}>
                <AdminDashboardPage />
              </HostStrings>
            }
          />
          <Route path="/print/:eventId" element={<PrintPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
