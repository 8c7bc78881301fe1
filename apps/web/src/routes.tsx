import { lazy } from "react";
import { Route, Routes } from "react-router-dom";

// Route-level code splitting: each screen is its own chunk.
const MeetingsPage = lazy(() => import("./screens/Meetings/MeetingsPage"));
const LibraryBottlesPage = lazy(() => import("./screens/LibraryBottles/LibraryBottlesPage"));
const ThemeIdeasPage = lazy(() => import("./screens/ThemeIdeas/ThemeIdeasPage"));
const LoginPage = lazy(() => import("./screens/Login/LoginPage"));
const RegisterPage = lazy(() => import("./screens/Register/RegisterPage"));
const BottleDetailsPage = lazy(() => import("./screens/BottleDetails/BottleDetailsPage"));
const MeetingDetailsPage = lazy(() => import("./screens/MeetingDetails/MeetingDetailsPage"));
const ConfirmEmailPage = lazy(() => import("./screens/ConfirmEmail/ConfirmEmailPage"));
const AboutPage = lazy(() => import("./screens/About/AboutPage"));
const NotFoundPage = lazy(() => import("./screens/NotFound/NotFoundPage"));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<MeetingsPage />} />
      <Route path="/library-bottles" element={<LibraryBottlesPage />} />
      <Route path="/theme-ideas" element={<ThemeIdeasPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/bottle/:bottleId" element={<BottleDetailsPage />} />
      <Route path="/monthlymeeting/:meetingId" element={<MeetingDetailsPage />} />
      <Route path="/confirm-email" element={<ConfirmEmailPage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
