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
// The sections of the side navigation (its other five entries), each a route of its own.
const CityAnalysisPage = lazy(() => import('../pages/CityAnalysisPage'));
const RankAnalysisPage = lazy(() => import('../pages/RankAnalysisPage'));
const ImageAnalysisPage = lazy(() => import('../pages/ImageAnalysisPage'));
const DataAnalysisPage = lazy(() => import('../pages/DataAnalysisPage'));
const NewsPage = lazy(() => import('../pages/NewsPage'));

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
            path="analysis/city/*"
            element={
              <Suspense fallback={<PageLoading />}>
                <CityAnalysisPage />
              </Suspense>
            }
          />
          <Route
            path="analysis/rank/*"
            element={
              <Suspense fallback={<PageLoading />}>
                <RankAnalysisPage />
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
          <Route
            path="analysis/data"
            element={
              <Suspense fallback={<PageLoading />}>
                <DataAnalysisPage />
              </Suspense>
            }
          />
          <Route
            path="news/*"
            element={
              <Suspense fallback={<PageLoading />}>
                <NewsPage />
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
