/**
 * The shop's icons: Lucide's drawings (the `lucide` package's icon data) drawn by one small
 * component. lucide-react's own component rebuilds each icon's attributes on every render
 * (class merging, attribute renaming, a context read): on a signed-in product list, with ~50
 * icons, that was ~6 % of the server's CPU per page, and its share of hydration (ADR 0019).
 */
import {
  ArrowDown as ArrowDownNode,
  ArrowDownRight as ArrowDownRightNode,
  ArrowLeft as ArrowLeftNode,
  ArrowRight as ArrowRightNode,
  ArrowUp as ArrowUpNode,
  ArrowUpDown as ArrowUpDownNode,
  ArrowUpRight as ArrowUpRightNode,
  BarChart3 as BarChart3Node,
  Check as CheckNode,
  ChevronDown as ChevronDownNode,
  ChevronRight as ChevronRightNode,
  CircleAlert as CircleAlertNode,
  CircleCheck as CircleCheckNode,
  CircleX as CircleXNode,
  Clock as ClockNode,
  Construction as ConstructionNode,
  CreditCard as CreditCardNode,
  Download as DownloadNode,
  ExternalLink as ExternalLinkNode,
  Eye as EyeNode,
  EyeOff as EyeOffNode,
  FilePenLine as FilePenLineNode,
  FileText as FileTextNode,
  FlaskConical as FlaskConicalNode,
  FolderPlus as FolderPlusNode,
  FolderTree as FolderTreeNode,
  HandCoins as HandCoinsNode,
  Heart as HeartNode,
  HeartHandshake as HeartHandshakeNode,
  History as HistoryNode,
  House as HouseNode,
  ImageOff as ImageOffNode,
  ImagePlus as ImagePlusNode,
  Inbox as InboxNode,
  LayoutDashboard as LayoutDashboardNode,
  LayoutGrid as LayoutGridNode,
  LifeBuoy as LifeBuoyNode,
  List as ListNode,
  Lock as LockNode,
  LogIn as LogInNode,
  LogOut as LogOutNode,
  Mail as MailNode,
  MailCheck as MailCheckNode,
  Megaphone as MegaphoneNode,
  Menu as MenuNode,
  Minus as MinusNode,
  Package as PackageNode,
  PackageSearch as PackageSearchNode,
  PenLine as PenLineNode,
  Pencil as PencilNode,
  Percent as PercentNode,
  Plus as PlusNode,
  Recycle as RecycleNode,
  RefreshCw as RefreshCwNode,
  RotateCcw as RotateCcwNode,
  Save as SaveNode,
  Search as SearchNode,
  SearchX as SearchXNode,
  Send as SendNode,
  Settings as SettingsNode,
  ShoppingBag as ShoppingBagNode,
  ShoppingCart as ShoppingCartNode,
  SlidersHorizontal as SlidersHorizontalNode,
  Sparkles as SparklesNode,
  Star as StarNode,
  Store as StoreNode,
  Tag as TagNode,
  Trash2 as Trash2Node,
  TrendingUp as TrendingUpNode,
  TriangleAlert as TriangleAlertNode,
  Truck as TruckNode,
  User as UserNode,
  UserPlus as UserPlusNode,
  UserRound as UserRoundNode,
  Users as UsersNode,
  Wrench as WrenchNode,
  X as XNode,
  type IconNode,
} from "lucide";
import { createElement, type ReactElement, type SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => ReactElement;

function isNamed(props: IconProps): boolean {
  for (const key in props)
    if (key.startsWith("aria-") || key === "role" || key === "title") return true;
  return false;
}

function icon(name: string, node: IconNode): IconComponent {
  // The drawing never changes: its elements are made once and reused by every render.
  const drawing = node.map(([tag, attributes], index) =>
    createElement(tag, { key: index, ...attributes }),
  );
  function Icon(props: IconProps) {
    return (
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        // Decorative unless the caller names it (as lucide-react does).
        aria-hidden={isNamed(props) ? undefined : true}
        {...props}
      >
        {drawing}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const ArrowDown = icon("ArrowDown", ArrowDownNode);
export const ArrowDownRight = icon("ArrowDownRight", ArrowDownRightNode);
export const ArrowLeft = icon("ArrowLeft", ArrowLeftNode);
export const ArrowRight = icon("ArrowRight", ArrowRightNode);
export const ArrowUp = icon("ArrowUp", ArrowUpNode);
export const ArrowUpDown = icon("ArrowUpDown", ArrowUpDownNode);
export const ArrowUpRight = icon("ArrowUpRight", ArrowUpRightNode);
export const BarChart3 = icon("BarChart3", BarChart3Node);
export const Check = icon("Check", CheckNode);
export const ChevronDown = icon("ChevronDown", ChevronDownNode);
export const ChevronRight = icon("ChevronRight", ChevronRightNode);
export const CircleAlert = icon("CircleAlert", CircleAlertNode);
export const CircleCheck = icon("CircleCheck", CircleCheckNode);
export const CircleX = icon("CircleX", CircleXNode);
export const Clock = icon("Clock", ClockNode);
export const Construction = icon("Construction", ConstructionNode);
export const CreditCard = icon("CreditCard", CreditCardNode);
export const Download = icon("Download", DownloadNode);
export const ExternalLink = icon("ExternalLink", ExternalLinkNode);
export const Eye = icon("Eye", EyeNode);
export const EyeOff = icon("EyeOff", EyeOffNode);
export const FilePenLine = icon("FilePenLine", FilePenLineNode);
export const FileText = icon("FileText", FileTextNode);
export const FlaskConical = icon("FlaskConical", FlaskConicalNode);
export const FolderPlus = icon("FolderPlus", FolderPlusNode);
export const FolderTree = icon("FolderTree", FolderTreeNode);
export const HandCoins = icon("HandCoins", HandCoinsNode);
export const Heart = icon("Heart", HeartNode);
export const HeartHandshake = icon("HeartHandshake", HeartHandshakeNode);
export const History = icon("History", HistoryNode);
export const House = icon("House", HouseNode);
export const ImageOff = icon("ImageOff", ImageOffNode);
export const ImagePlus = icon("ImagePlus", ImagePlusNode);
export const Inbox = icon("Inbox", InboxNode);
export const LayoutDashboard = icon("LayoutDashboard", LayoutDashboardNode);
export const LayoutGrid = icon("LayoutGrid", LayoutGridNode);
export const LifeBuoy = icon("LifeBuoy", LifeBuoyNode);
export const List = icon("List", ListNode);
export const Lock = icon("Lock", LockNode);
export const LogIn = icon("LogIn", LogInNode);
export const LogOut = icon("LogOut", LogOutNode);
export const Mail = icon("Mail", MailNode);
export const MailCheck = icon("MailCheck", MailCheckNode);
export const Megaphone = icon("Megaphone", MegaphoneNode);
export const Menu = icon("Menu", MenuNode);
export const Minus = icon("Minus", MinusNode);
export const Package = icon("Package", PackageNode);
export const PackageSearch = icon("PackageSearch", PackageSearchNode);
export const PenLine = icon("PenLine", PenLineNode);
export const Pencil = icon("Pencil", PencilNode);
export const Percent = icon("Percent", PercentNode);
export const Plus = icon("Plus", PlusNode);
export const Recycle = icon("Recycle", RecycleNode);
export const RefreshCw = icon("RefreshCw", RefreshCwNode);
export const RotateCcw = icon("RotateCcw", RotateCcwNode);
export const Save = icon("Save", SaveNode);
export const Search = icon("Search", SearchNode);
export const SearchX = icon("SearchX", SearchXNode);
export const Send = icon("Send", SendNode);
export const Settings = icon("Settings", SettingsNode);
export const ShoppingBag = icon("ShoppingBag", ShoppingBagNode);
export const ShoppingCart = icon("ShoppingCart", ShoppingCartNode);
export const SlidersHorizontal = icon("SlidersHorizontal", SlidersHorizontalNode);
export const Sparkles = icon("Sparkles", SparklesNode);
export const Star = icon("Star", StarNode);
export const Store = icon("Store", StoreNode);
export const Tag = icon("Tag", TagNode);
export const Trash2 = icon("Trash2", Trash2Node);
export const TrendingUp = icon("TrendingUp", TrendingUpNode);
export const TriangleAlert = icon("TriangleAlert", TriangleAlertNode);
export const Truck = icon("Truck", TruckNode);
export const User = icon("User", UserNode);
export const UserPlus = icon("UserPlus", UserPlusNode);
export const UserRound = icon("UserRound", UserRoundNode);
export const Users = icon("Users", UsersNode);
export const Wrench = icon("Wrench", WrenchNode);
export const X = icon("X", XNode);
