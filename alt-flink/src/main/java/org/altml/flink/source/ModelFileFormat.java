package org.altml.flink.source;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.logging.Logger;
import org.altml.flink.model.ModelMessage;
import org.altml.flink.model.Models;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.IteratorResultIterator;

/**
 * Whole model files as {@link ModelMessage}s, version = the file's modification time in ms. A file that is not a
 * model of the job's L (a stray file, a model still being copied, another dataset's model) is skipped with a
 * warning naming it, and the current model stays: one bad file must not end a job that runs until cancelled.
 */
public final class ModelFileFormat implements BulkFormat<ModelMessage, FileSourceSplit> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(ModelFileFormat.class.getName());

  private final int numLabels;

  /** Models for data of {@code numLabels} labels. */
  public ModelFileFormat(int numLabels) {
    this.numLabels = numLabels;
  }

  @Override
  public Reader<ModelMessage> createReader(Configuration config, FileSourceSplit split) {
    return new Reader<>() {
      private boolean done;

      @Override
      public RecordIterator<ModelMessage> readBatch() throws IOException {
        if (done) {
          return null;
        }
        done = true;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (InputStream in = split.path().getFileSystem().open(split.path())) {
          in.transferTo(bytes);
        }
        String name = LineFormat.displayName(split.path());
        ModelMessage m = ModelMessage.fromFile(split.fileModificationTime(), bytes.toByteArray(), name);
        try {
          int labels = Models.learner(m.model, name).numLabels();
          if (labels != numLabels) {
            throw new IllegalArgumentException(name + ": a model of " + labels + " labels, the data has " + numLabels);
          }
        } catch (RuntimeException e) {
          String why = e instanceof UncheckedIOException u ? u.getCause().getMessage() : e.getMessage();
          LOG.warning("skipped a file that is not a model for this job: " + why + "; the current model stays (a file is"
              + " read once: write a model elsewhere and move it into the folder)");
          return null;
        }
        return new IteratorResultIterator<>(List.of(m).iterator(), CheckpointedPosition.NO_OFFSET, 0);
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public Reader<ModelMessage> restoreReader(Configuration config, FileSourceSplit split) {
    long skip = split.getReaderPosition().map(CheckpointedPosition::getRecordsAfterOffset).orElse(0L);
    Reader<ModelMessage> r = createReader(config, split);
    if (skip > 0) {
      return new Reader<>() {
        @Override
        public RecordIterator<ModelMessage> readBatch() {
          return null;
        }

        @Override
        public void close() {}
      };
    }
    return r;
  }

  @Override
  public boolean isSplittable() {
    return false;
  }

  @Override
  public TypeInformation<ModelMessage> getProducedType() {
    return TypeInformation.of(ModelMessage.class);
  }
}
