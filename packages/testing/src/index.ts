export * from "./smtpSink";
