import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../shared/PageLoading';
import { AppShell } from './shell/AppShell';

// Page content is loaded lazily per route (spec §2), so the first screen ships only the shell.
const CityAirPage = lazy(() => import('../pages/CityAirPage'));
const SiteAirPage = lazy(() => import('../pages/SiteAirPage'));
const WeatherPage = lazy(() => import('../pages/WeatherPage'));
// 投诉举报: not one of the three page tabs; reached from the side navigation's footer.
const ComplaintPage = lazy(() => import('../pages/ComplaintPage'));
// 图像分析: interpolated pollutant maps, their player and the video export (antd only on this route).
const ImageAnalysisPage = lazy(() => import('../pages/ImageAnalysisPage'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<Navigate to="/city/" replace />} />
          <Route
            path="city/*"
            element={
              <Suspense fallback={<PageLoading />}>
                <CityAirPage />
              </Suspense>
            }
          />
          <Route
            path="site/*"
            element={
              <Suspense fallback={<PageLoading />}>
                <SiteAirPage />
              </Suspense>
            }
          />
          <Route
            path="weather/*"
            element={
              <Suspense fallback={<PageLoading />}>
                <WeatherPage />
              </Suspense>
            }
          />
          <Route
            path="complaint/*"
            element={
              <Suspense fallback={<PageLoading />}>
                <ComplaintPage />
              </Suspense>
            }
          />
          <Route
            path="analysis/image"
            element={
              <Suspense fallback={<PageLoading />}>
                <ImageAnalysisPage />
              </Suspense>
            }
          />
          {/* Any other path goes back to / (spec §2 "Routing"). */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
