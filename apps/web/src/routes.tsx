import { matchPath, Route, Routes } from "react-router-dom";
import { lazyRoute, type LazyRoute } from "./lib/lazyRoute";

// Route-level code splitting: each screen is its own chunk.
const MeetingsPage = lazyRoute(() => import("./screens/Meetings/MeetingsPage"));
const LibraryBottlesPage = lazyRoute(() => import("./screens/LibraryBottles/LibraryBottlesPage"));
const ThemeIdeasPage = lazyRoute(() => import("./screens/ThemeIdeas/ThemeIdeasPage"));
const LoginPage = lazyRoute(() => import("./screens/Login/LoginPage"));
const RegisterPage = lazyRoute(() => import("./screens/Register/RegisterPage"));
const BottleDetailsPage = lazyRoute(() => import("./screens/BottleDetails/BottleDetailsPage"));
const MeetingDetailsPage = lazyRoute(() => import("./screens/MeetingDetails/MeetingDetailsPage"));
const ConfirmEmailPage = lazyRoute(() => import("./screens/ConfirmEmail/ConfirmEmailPage"));
const ActivityPage = lazyRoute(() => import("./screens/Activity/ActivityPage"));
const AboutPage = lazyRoute(() => import("./screens/About/AboutPage"));
const ForgotPasswordPage = lazyRoute(() => import("./screens/ForgotPassword/ForgotPasswordPage"));
const ResetPasswordPage = lazyRoute(() => import("./screens/ResetPassword/ResetPasswordPage"));
const AccountPage = lazyRoute(() => import("./screens/Account/AccountPage"));
const MembersPage = lazyRoute(() => import("./screens/Members/MembersPage"));
const ScorePage = lazyRoute(() => import("./screens/MeetingNight/ScorePage"));
const ResultsPage = lazyRoute(() => import("./screens/MeetingNight/ResultsPage"));
const JournalPage = lazyRoute(() => import("./screens/MeetingNight/JournalPage"));
const DuesPage = lazyRoute(() => import("./screens/Dues/DuesPage"));
const TreasurerPage = lazyRoute(() => import("./screens/Treasurer/TreasurerPage"));
const ReportPage = lazyRoute(() => import("./screens/Treasurer/ReportPage"));
const RsvpPage = lazyRoute(() => import("./screens/Rsvp/RsvpPage"));
const BackupsPage = lazyRoute(() => import("./screens/Backups/BackupsPage"));
const SsoLandingPage = lazyRoute(() => import("./screens/SsoLanding/SsoLandingPage"));
const ShelfPage = lazyRoute(() => import("./screens/Shelf/ShelfPage"));
const StatsPage = lazyRoute(() => import("./screens/Stats/StatsPage"));
const ImportPage = lazyRoute(() => import("./screens/Import/ImportPage"));
const JoinPage = lazyRoute(() => import("./screens/Join/JoinPage"));
const GuestNightPage = lazyRoute(() => import("./screens/Join/GuestNightPage"));
const PaperPage = lazyRoute(() => import("./screens/MeetingNight/PaperPage"));
const NotFoundPage = lazyRoute(() => import("./screens/NotFound/NotFoundPage"));

const ROUTES: { path: string; screen: LazyRoute }[] = [
  { path: "/", screen: MeetingsPage },
  { path: "/library-bottles", screen: LibraryBottlesPage },
  { path: "/theme-ideas", screen: ThemeIdeasPage },
  { path: "/login", screen: LoginPage },
  { path: "/register", screen: RegisterPage },
  { path: "/bottle/:bottleId", screen: BottleDetailsPage },
  { path: "/monthlymeeting/:meetingId", screen: MeetingDetailsPage },
  { path: "/confirm-email", screen: ConfirmEmailPage },
  { path: "/about", screen: AboutPage },
  { path: "/activity", screen: ActivityPage },
  { path: "/forgot-password", screen: ForgotPasswordPage },
  { path: "/reset-password", screen: ResetPasswordPage },
  { path: "/account", screen: AccountPage },
  { path: "/members", screen: MembersPage },
  { path: "/meeting/:meetingId/score/:pour", screen: ScorePage },
  { path: "/meeting/:meetingId/results", screen: ResultsPage },
  { path: "/journal", screen: JournalPage },
  { path: "/dues", screen: DuesPage },
  { path: "/treasurer", screen: TreasurerPage },
  { path: "/treasurer/report", screen: ReportPage },
  { path: "/rsvp", screen: RsvpPage },
  { path: "/admin/backups", screen: BackupsPage },
  { path: "/login/sso", screen: SsoLandingPage },
  { path: "/shelf", screen: ShelfPage },
  { path: "/stats", screen: StatsPage },
  { path: "/import", screen: ImportPage },
  { path: "/join", screen: JoinPage },
  { path: "/guest/:meetingId", screen: GuestNightPage },
  { path: "/meeting/:meetingId/print/tasting", screen: PaperPage },
  { path: "/meeting/:meetingId/print/results", screen: PaperPage },
];

/** The paths routes.tsx serves (vite.routePreload.ts must know each; routes.test.ts checks it). */
export const ROUTE_PATHS = ROUTES.map((route) => route.path);

/** Loads the chunk of the screen at this path, so the first render shows it at once. */
export function preloadScreen(pathname: string): Promise<void> {
  const route = ROUTES.find(({ path }) => matchPath(path, pathname));
  return (route?.screen ?? NotFoundPage).preload();
}

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map(({ path, screen: Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
