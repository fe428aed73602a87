/**
 * The router of the page, as one shared singleton. Every area imports routing from here, never from
 * react-router-dom: federation shares a package whole, and the whole of react-router is about 65 KiB
 * gzip, while the parts listed here are a fraction of that. Need another router export? Add it here. (Tests
 * take MemoryRouter from react-router itself: it is the same module there.)
 */
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction } from 'react-router';
