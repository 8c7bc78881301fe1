// Mantine styles, component by component (the full stylesheet is larger than the first screen needs).
// Order matters: baseline and variables first. The styles of components that only dialogs, forms or
// toasts use are imported where those are (src/styles/*.ts, lib/notificationsUi.tsx, CommentList.tsx):
// they load with their lazy chunk, after these, and the first screen parses less CSS.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Flex.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/AppShell.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/Divider.css";
import "./global.css";
